import { Injectable, Logger } from '@nestjs/common';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import {
  AutoRenewal,
  autoRenewalDecider,
  autoRenewalStream,
  dueAttemptOf,
  retryAtOf,
} from '../../domain/commerce/auto-renewal';
import { orderDecider, orderStream } from '../../domain/commerce/order';
import { accountDecider, accountStream } from '../../domain/identity/account';
import { newId } from '../../domain/shared/ids';
import { storedNameOf } from '../../domain/shared/names';
import { AccountNames } from '../dns-domains/account-names';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { loadStream, transact, writeAfter } from '../shared/handle-command';
import { uuidOf } from '../shared/idempotency';
import { htmlParagraphsOf } from '../shared/html-text';
import { Mailer } from '../shared/mailer.port';
import { AutoRenewalIndex, EnabledAutoRenewal } from './auto-renewal-index.port';
import { CommerceSettings } from './commerce-settings';
import { OrderFulfilment } from './order-fulfilment';
import { OrderPayments } from './order-payments';
import { ServiceOrders } from './service-orders';

const PAGE = 200;

/**
 * Renews the names whose auto-renewal is on, `leadDays` before they expire (registry clock): each due term gets an
 * order of one year's renewal (an id made from the name, the term and the attempt, so that every worker that runs
 * this places the same one), paid from the balance, then promo credits, then the chosen or default card, and
 * delivered like any order. One that cannot be paid is tried again later and the user is mailed each time.
 */
@Injectable()
export class AutoRenewals {
  private readonly log = new Logger(AutoRenewals.name);

  constructor(
    private readonly store: EventStore,
    private readonly index: AutoRenewalIndex,
    private readonly names: AccountNames,
    private readonly orders: ServiceOrders,
    private readonly payments: OrderPayments,
    private readonly fulfilment: OrderFulfilment,
    private readonly mailer: Mailer,
    private readonly settings: CommerceSettings,
    private readonly clock: Clock,
  ) {}

  async runDue(): Promise<void> {
    let after: EnabledAutoRenewal | null = null;
    for (;;) {
      const page: readonly EnabledAutoRenewal[] = await this.index.enabled(after, PAGE);
      for (const entry of page)
        // one name's fault (a processor down) does not hold back the others: the next run tries it again
        await this.renew(entry).catch((error: unknown) => this.log.error(`auto-renewal of ${entry.name}`, error));
      if (page.length < PAGE) return;
      after = page[page.length - 1];
    }
  }

  private async renew({ accountId, name }: EnabledAutoRenewal): Promise<void> {
    const { state: renewal } = await loadStream(this.store, autoRenewalStream(accountId, name), autoRenewalDecider);
    const mine = await this.names.find(accountId, storedNameOf(name));
    if (!mine) return; // no longer the user's
    const { expiresAt } = mine.info;
    const { term } = renewal;
    if (term && term.expiresAt === expiresAt && term.next === null) return this.settleAttempt(accountId, name, renewal);
    const attempt = dueAttemptOf(renewal, expiresAt, mine.now, this.settings.renewalSchedule);
    if (attempt === null) return;
    const funds = await loadStream(this.store, accountFundsStream(accountId), accountFundsDecider);
    const priced = await this.orders.priced(
      accountId,
      { kind: 'RENEWAL', name: mine.name },
      renewal.taxPlace,
      funds.state,
    );
    // a name the registry would not renew now (locked, at its longest term) is not ordered: nothing to pay for
    if ('problem' in priced) return;
    const { facts, pricing } = priced;
    const orderId = newId(
      'order',
      uuidOf(`auto-renewal\u0000${accountId}\u0000${name}\u0000${expiresAt}\u0000${attempt}`),
    );
    const card = renewal.paymentMethodId ?? (await this.orders.defaultCardOf(accountId));
    const ordered = { accountId, name, expiresAt, orderId, attempt, at: this.clock.now() };
    if (pricing.totalAmountDueCents > 0 && card === null) {
      await this.recordUnpaid(
        accountId,
        name,
        { ...ordered },
        'there is no card to charge, and the balance does not cover it',
        mine.now,
      );
      return;
    }
    await transact(this.store, { accountId }, async (streams) => {
      const stream = await streams.load(autoRenewalStream(accountId, name), autoRenewalDecider);
      const recorded = autoRenewalDecider.decide({ type: 'OrderAutoRenewal', data: ordered }, stream.state);
      if (recorded.length === 0) return { writes: [], result: null }; // placed meanwhile by another worker
      const request = { orderId, accountId, contactId: renewal.contactId, paymentMethodId: card, at: ordered.at };
      const placed = await this.orders.placementWrites(streams, request, facts);
      return { writes: [writeAfter(stream, recorded), ...placed], result: null };
    });
    const paid = await this.payments.pay(orderId);
    if (paid.status === 'PAID') await this.fulfilment.start(orderId);
    await this.settleAttempt(
      accountId,
      name,
      (await loadStream(this.store, autoRenewalStream(accountId, name), autoRenewalDecider)).state,
    );
  }

  /** The attempt awaiting its order: not paid (or its renewal refused), it is recorded, tried again later, mailed. */
  private async settleAttempt(accountId: string, name: string, renewal: AutoRenewal): Promise<void> {
    const { term } = renewal;
    if (!term || term.next !== null) return;
    const { state: order } = await loadStream(this.store, orderStream(term.orderId), orderDecider);
    if (order.status === 'NONE' || order.status === 'AWAITING_PAYMENT') return;
    const failedLine = order.lines.find((state) => state.status === 'FAILED');
    const reason =
      order.status === 'PAYMENT_FAILED' ? `the card was declined (${order.failure})` : (failedLine?.failure ?? null);
    if (reason === null) return; // paid and being delivered: the expiry moves when it is
    const now = (await this.names.find(accountId, storedNameOf(name)))?.now ?? this.clock.now();
    await this.recordUnpaid(
      accountId,
      name,
      {
        accountId,
        name,
        expiresAt: term.expiresAt,
        orderId: term.orderId,
        attempt: term.attempts,
        at: this.clock.now(),
      },
      reason,
      now,
      false,
    );
  }

  private async recordUnpaid(
    accountId: string,
    name: string,
    ordered: { accountId: string; name: string; expiresAt: number; orderId: string; attempt: number; at: number },
    reason: string,
    registryNow: number,
    orderFirst = true,
  ): Promise<void> {
    const retryAt = retryAtOf(ordered.attempt, registryNow, this.settings.renewalSchedule);
    const unpaid = {
      accountId,
      name,
      expiresAt: ordered.expiresAt,
      orderId: ordered.orderId,
      reason,
      retryAt,
      at: ordered.at,
    };
    const { result: recorded } = await transact(this.store, { accountId }, async (streams) => {
      const stream = await streams.load(autoRenewalStream(accountId, name), autoRenewalDecider);
      const placed = orderFirst
        ? autoRenewalDecider.decide({ type: 'OrderAutoRenewal', data: ordered }, stream.state)
        : [];
      const after = placed.reduce(autoRenewalDecider.evolve, stream.state);
      const told = autoRenewalDecider.decide({ type: 'RecordUnpaidRenewal', data: unpaid }, after);
      return { writes: [writeAfter(stream, [...placed, ...told])], result: told.length > 0 };
    });
    if (recorded) await this.mail(accountId, name, ordered.expiresAt, reason, retryAt);
  }

  private async mail(accountId: string, name: string, expiresAt: number, reason: string, retryAt: number | null) {
    const { state: account } = await loadStream(this.store, accountStream(accountId), accountDecider);
    if (account.status !== 'OPEN' || !account.email) return;
    const expiry = new Date(expiresAt).toISOString().slice(0, 10);
    const next =
      retryAt === null
        ? `This was the last try: ${name} expires on ${expiry} unless it is renewed (add its renewal to your cart).`
        : `We will try again on ${new Date(retryAt).toISOString().slice(0, 10)}; ${name} expires on ${expiry}.`;
    const text = `We could not renew ${name}: ${reason}.\n\n${next}\n\nAdd a card or top up your balance to keep it.`;
    await this.mailer.send({
      to: account.email,
      subject: `We could not renew ${name}`,
      text,
      html: htmlParagraphsOf(text),
    });
  }
}
