import { calendarDateOf } from '../../domain/registry/registry-periods';
import { Injectable, Logger } from '@nestjs/common';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import { orderDecider, orderStream } from '../../domain/commerce/order';
import { isCardExpired } from '../../domain/commerce/sandbox-cards';
import { accountDecider, accountStream } from '../../domain/identity/account';
import { marketLeaseDecider, marketLeaseStream, nextChargeOf, StartedLease } from '../../domain/marketplace/lease';
import { decideInstalmentPayment, orderIdOfLease } from '../../domain/marketplace/sale-settlement';
import { DomainError } from '../../domain/shared/errors';
import { formattedUsd } from '../../domain/shared/price';
import { CardProcessor } from '../commerce/card-processor.port';
import { Registry } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream, transact, writeAfter } from '../shared/handle-command';
import { htmlParagraphsOf } from '../shared/html-text';
import { Mailer } from '../shared/mailer.port';
import { ActiveLease, ActiveLeaseIndex } from './active-lease-index.port';
import { MarketplaceSettings } from './marketplace-settings';

const PAGE = 100;

/**
 * Takes the monthly payments of leases as the registry's clock brings them due: each attempt once (its idempotency
 * key names the lease, the payment and the attempt), the seller credited in the same append as the payment is
 * recorded, the lessee mailed of each missed attempt. A payment still missed at its last attempt defaults the lease
 * (`LeaseTransfers` then gives the name back to the seller); the last payment completes it.
 */
@Injectable()
export class LeasePayments {
  private readonly log = new Logger(LeasePayments.name);

  constructor(
    private readonly store: EventStore,
    private readonly index: ActiveLeaseIndex,
    private readonly processor: CardProcessor,
    private readonly registry: Registry,
    private readonly mailer: Mailer,
    private readonly settings: MarketplaceSettings,
    private readonly clock: Clock,
  ) {}

  async runDue(): Promise<void> {
    const now = await this.registry.now();
    let after: ActiveLease | null = null;
    for (;;) {
      const page: readonly ActiveLease[] = await this.index.dueBy(now, after, PAGE);
      for (const due of page)
        // one lease's fault (a processor down) does not hold back the others: the next run tries it again
        await this.charge(due.leaseId, now).catch((error: unknown) => this.log.error(`lease ${due.leaseId}`, error));
      if (page.length < PAGE) return;
      after = page[page.length - 1];
    }
  }

  private async charge(leaseId: string, now: number): Promise<void> {
    const { state: lease } = await loadStream(this.store, marketLeaseStream(leaseId), marketLeaseDecider);
    const due = nextChargeOf(lease, now);
    if (!due || lease.status === 'NONE') return;
    const card = await this.cardOf(lease);
    const payment = card
      ? await this.processor.pay({
          idempotencyKey: `lease:${leaseId}:${due.number}:${due.attempt}`,
          customerId: lease.buyerAccountId,
          paymentMethodId: card,
          amountCents: due.amountCents,
        })
      : null;
    if (payment?.status === 'SUCCEEDED') return this.paid(lease, due.number, payment.paymentId, payment.amountCents);
    const reason = !payment
      ? 'no card on file'
      : payment.status === 'DECLINED'
        ? `the card was declined (${payment.reason})`
        : 'the card asks for authentication';
    const { events } = await handleCommand(this.store, marketLeaseStream(leaseId), marketLeaseDecider, {
      type: 'RecordInstalmentMissed',
      data: { leaseId, name: lease.name, number: due.number, reason, at: now },
    });
    const defaulted = events.some((event) => event.type === 'LeaseDefaulted');
    if (events.length > 0) await this.mailMissed(lease, due.number, due.amountCents, reason, defaulted, now);
  }

  private async paid(lease: StartedLease, number: number, paymentId: string, amountCents: number): Promise<void> {
    const { leaseId } = lease;
    try {
      await transact(this.store, { accountId: lease.buyerAccountId }, async (streams) => {
        const stream = await streams.load(marketLeaseStream(leaseId), marketLeaseDecider);
        const funds = await streams.load(accountFundsStream(lease.sellerAccountId), accountFundsDecider);
        const decision = decideInstalmentPayment(
          {
            leaseId,
            number,
            paymentId,
            commissionBasisPoints: this.settings.commissionBasisPoints,
            at: this.clock.now(),
          },
          { lease: stream.state, sellerFunds: funds.state },
        );
        return { writes: [writeAfter(stream, decision.lease), writeAfter(funds, decision.sellerFunds)], result: null };
      });
    } catch (error) {
      // the lease ended meanwhile (a default recorded by another run): nothing is kept that it does not owe
      if (!(error instanceof DomainError)) throw error;
      await this.processor.refund({ idempotencyKey: `lease:${leaseId}:${number}:refund`, paymentId, amountCents });
    }
  }

  /** The card the lease's first payment was made with, else the lessee's latest card that has not expired. */
  private async cardOf(lease: StartedLease): Promise<string | null> {
    const { state: order } = await loadStream(this.store, orderStream(orderIdOfLease(lease.leaseId)), orderDecider);
    const fromCheckout = order.status === 'NONE' ? null : order.placed.paymentMethodId;
    const cards = await this.processor.savedCards(lease.buyerAccountId);
    if (fromCheckout && cards.some((card) => card.id === fromCheckout)) return fromCheckout;
    const now = this.clock.now();
    return cards.filter((card) => !isCardExpired(card.expMonth, card.expYear, now)).at(-1)?.id ?? null;
  }

  private async mailMissed(
    lease: StartedLease,
    number: number,
    amountCents: number,
    reason: string,
    defaulted: boolean,
    now: number,
  ): Promise<void> {
    const { state: account } = await loadStream(this.store, accountStream(lease.buyerAccountId), accountDecider);
    if (account.status !== 'OPEN' || !account.email) return;
    const after = await loadStream(this.store, marketLeaseStream(lease.leaseId), marketLeaseDecider);
    const retry = nextChargeOf(after.state, Number.MAX_SAFE_INTEGER);
    const next = defaulted
      ? `This was the last try: the lease has ended, and ${lease.name} goes back to its seller, who keeps the payments made.`
      : `We will try again on ${calendarDateOf(retry?.attemptAt ?? now)}. Add a card (svc_cart_add_payment_method_url) to keep the lease.`;
    const text = `Payment ${number} of ${lease.schedule.length} (${formattedUsd(amountCents)}) for the lease of ${lease.name} could not be taken: ${reason}.\n\n${next}`;
    await this.mailer.send({
      to: account.email,
      subject: defaulted ? `Your lease of ${lease.name} has ended` : `We could not take a payment for ${lease.name}`,
      text,
      html: htmlParagraphsOf(text),
    });
  }
}
