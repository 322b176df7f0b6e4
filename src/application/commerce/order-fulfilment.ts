import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import { decideLineOutcome } from '../../domain/commerce/checkout-decision';
import { LineState, orderDecider, orderStream, placedOf } from '../../domain/commerce/order';
import { operationDecider } from '../../domain/operations/operation.decider';
import { DomainError } from '../../domain/shared/errors';
import { storedNameOf } from '../../domain/shared/names';
import { RegisterDnsDomain } from '../dns-domains/register-domain.command';
import { RenewDnsDomain } from '../dns-domains/renew-domain.command';
import { operationStream } from '../../domain/operations/operation';
import { Clock } from '../shared/clock';
import { StartMarketTransfer } from '../marketplace/market-transfer.command';
import { ExternalMarketplaces } from './external-marketplaces.port';
import { listingReleasesOf } from './listing-reservations';
import { assertNever } from '../../domain/shared/assert-never';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream, transact, writeAfter } from '../shared/handle-command';
import { keyedOperationId, keyedRequests } from '../shared/idempotency';

/**
 * What delivers a name bought on our marketplace: bought at once, the buyer becomes its registrant; leased, the
 * lessee runs its DNS (admin and tech contact) and becomes the registrant with the last payment.
 */
const listedTransferOf = (
  accountId: string,
  contactId: string,
  line: LineState['line'],
  paidBy: { orderId: string; productId: number },
): StartMarketTransfer['request'] => {
  const sale = line.sale!; // checkout places every listed line with its sale
  const contact = { id: contactId };
  return {
    kind: sale.lease ? 'LEASE' : 'PURCHASE',
    accountId,
    name: line.domain,
    holderAccountId: sale.sellerAccountId,
    contacts: sale.lease
      ? { admin: contact, tech: contact }
      : { owner: contact, admin: contact, tech: contact, billing: contact },
    paidBy,
  };
};

/** The key a line's operation is started under: the same line always names the same operation. */
const lineKey = (orderId: string, productId: number) => ({ key: `order-line:${orderId}:${productId}` });

/** The operation that delivers a line of an order of the account's, known before the line is started. */
export const lineOperationIdOf = (accountId: string, orderId: string, productId: number): string =>
  keyedOperationId({ accountId, ...lineKey(orderId, productId) });

/**
 * Starts the operation that delivers each paid line (a registration or a renewal through the registry port, a name
 * bought on an external marketplace by its transfer in), each
 * under an id made from the order and the line, so that however often this runs (the checkout, then the reactor
 * after a crash) a line is delivered by one operation. A line the registry side refuses at once (the name was taken
 * since checkout) fails here and is refunded.
 */
@Injectable()
export class OrderFulfilment {
  constructor(
    private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly marketplaces: ExternalMarketplaces,
    private readonly clock: Clock,
  ) {}

  async start(orderId: string): Promise<void> {
    const order = placedOf((await loadStream(this.store, orderStream(orderId), orderDecider)).state);
    if (order.status !== 'PAID') return;
    for (const line of order.lines) if (line.status === 'WAITING') await this.startLine(orderId, order.placed, line);
  }

  private async startLine(
    orderId: string,
    { accountId, contactId }: { accountId: string; contactId: string | null },
    { line }: LineState,
  ): Promise<void> {
    const scope = { accountId, ...lineKey(orderId, line.productId) };
    const operationId = lineOperationIdOf(accountId, orderId, line.productId);
    const paidBy = { orderId, productId: line.productId };
    const existing = await loadStream(this.store, operationStream(operationId), operationDecider);
    try {
      if (existing.state.status === 'NONE') {
        const delivery = await this.commandOf(orderId, accountId, contactId, line, paidBy);
        if ('refused' in delivery) return this.refuse(orderId, line.productId, delivery.refused);
        await keyedRequests.run(scope, () => this.commands.execute(delivery.command));
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // started meanwhile by another process: the operation is the line's all the same
      const started = await loadStream(this.store, operationStream(operationId), operationDecider);
      if (started.state.status === 'NONE') return this.refuse(orderId, line.productId, error.message);
    }
    await handleCommand(this.store, orderStream(orderId), orderDecider, {
      type: 'StartLine',
      data: { orderId, productId: line.productId, operationId, at: this.clock.now() },
    }).catch((error: unknown) => {
      // the operation finished first and settled the line: nothing left to record
      if (!(error instanceof DomainError)) throw error;
    });
  }

  /**
   * What delivers a line: a registration, a renewal, or for a name bought on an external marketplace its purchase
   * there (once per line) and then its transfer in with the code the broker gives, which takes days.
   */
  private async commandOf(
    orderId: string,
    accountId: string,
    contactId: string | null,
    line: LineState['line'],
    paidBy: { orderId: string; productId: number },
  ): Promise<{ command: RegisterDnsDomain | RenewDnsDomain | StartMarketTransfer } | { refused: string }> {
    const name = storedNameOf(line.domain);
    const registration = (years: number | undefined, authorizationCode: string | undefined) =>
      new RegisterDnsDomain(
        accountId,
        name,
        { contactId: contactId! },
        { years, contacts: {}, authorizationCode, flags: {}, zone: {}, paidBy },
        false,
      );
    switch (line.kind) {
      case 'REGISTRATION':
        return { command: registration(line.years, undefined) };
      case 'RENEWAL':
        return { command: new RenewDnsDomain(accountId, name, line.years, undefined, false, undefined, paidBy) };
      case 'LISTED':
        return { command: new StartMarketTransfer(listedTransferOf(accountId, contactId!, line, paidBy)) };
      case 'EXTMARKET_A':
      case 'EXTMARKET_B': {
        const bought = await this.marketplaces.purchase({
          purchaseId: `${orderId}:${line.productId}`,
          source: line.kind,
          name: line.domain,
          // the seller's price: the discount was ours to give, not the seller's
          priceCents: line.priceCents + line.discountCents,
        });
        return bought.ok ? { command: registration(undefined, bought.authorizationCode) } : { refused: bought.reason };
      }
      default:
        return assertNever(line.kind);
    }
  }

  /** The line cannot be delivered: it fails and its balance and credits come back now, its card part by refund. */
  private async refuse(orderId: string, productId: number, reason: string): Promise<void> {
    await transact(this.store, {}, async (streams) => {
      const order = await streams.load(orderStream(orderId), orderDecider);
      const placed = placedOf(order.state);
      const funds = await streams.load(accountFundsStream(placed.placed.accountId), accountFundsDecider);
      const at = this.clock.now();
      const decision = decideLineOutcome(productId, null, { failure: reason }, at, {
        order: placed,
        funds: funds.state,
      });
      // a listed name not delivered is open to other buyers again
      const lines = placed.lines.filter(({ line }) => line.productId === productId).map(({ line }) => line);
      const releases = await listingReleasesOf(streams, orderId, lines, at);
      return {
        writes: [writeAfter(order, decision.order), writeAfter(funds, decision.funds), ...releases],
        result: null,
      };
    });
  }
}
