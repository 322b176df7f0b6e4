import { Injectable, Logger } from '@nestjs/common';
import { accountFundsDecider, accountFundsStream } from '../../domain/commerce/account-funds';
import {
  Backorder,
  BackorderFailure,
  backordersDecider,
  backordersStream,
  runningOf,
} from '../../domain/dns-domains/backorder';
import { contactDecider, contactStream } from '../../domain/dns-domains/contact';
import { newId } from '../../domain/shared/ids';
import { storedNameOf } from '../../domain/shared/names';
import { Registry } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream, transact, writeAfter } from '../shared/handle-command';
import { uuidOf } from '../shared/idempotency';
import { BackorderReleaseIndex } from './backorder-release-index.port';
import { lineOperationIdOf, OrderFulfilment } from './order-fulfilment';
import { OrderPayments } from './order-payments';
import { ServiceOrders } from './service-orders';

/** Names looked at per pass: the rest are next. */
const PASS = 200;

/** The order a won backorder is registered by: one per backorder, however often the win is looked at. */
export const backorderOrderIdOf = (name: string, backorderId: number): string =>
  newId('order', uuidOf(`backorder\u0000${name}\u0000${backorderId}`));

/**
 * Registers a name for its backorders the moment the registry purges it. The earliest waiting backorder wins it, and
 * an order of the name's registration is placed for its account (paid from the balance, then credits, then the
 * latest card; refunded by the order's own machinery if the registration fails), so the user pays only for a name
 * registered. A win that cannot be paid, or whose registration fails, passes to the next in line.
 */
@Injectable()
export class BackorderRegistrations {
  private readonly log = new Logger(BackorderRegistrations.name);

  constructor(
    private readonly store: EventStore,
    private readonly index: BackorderReleaseIndex,
    private readonly registry: Registry,
    private readonly orders: ServiceOrders,
    private readonly payments: OrderPayments,
    private readonly fulfilment: OrderFulfilment,
    private readonly clock: Clock,
  ) {}

  /** Releases every backordered name whose purge time has come on the registry's clock. */
  async runDue(): Promise<void> {
    const now = await this.registry.now();
    for (const name of await this.index.dueBy(now, PASS)) {
      await this.release(name).catch((error: unknown) => this.log.error(`backorders of ${name}`, error));
    }
  }

  /** The name's turn: free at the registry, its first backorder wins; taken again by someone, they all lose. */
  private async release(name: string): Promise<void> {
    const [check] = await this.registry.check([name]);
    const at = this.clock.now();
    if (!check.available) {
      const info = await this.registry.info(name);
      // still on its way out (its purge is later than our index thought): looked at again when it is due
      if (info && info.phase !== 'ACTIVE') return;
      await handleCommand(this.store, backordersStream(name), backordersDecider, {
        type: 'CloseBackorders',
        data: { name, at },
      });
      return;
    }
    await handleCommand(this.store, backordersStream(name), backordersDecider, {
      type: 'ReleaseName',
      data: { name, at },
    });
    await this.registerWinner(name);
  }

  /** Orders the name for the backorder that won it, passing the win on while one cannot be paid. */
  async registerWinner(name: string): Promise<void> {
    for (;;) {
      const { state } = await loadStream(this.store, backordersStream(name), backordersDecider);
      const winner = runningOf(state);
      if (winner?.status !== 'in-progress') return; // none won, or its registration is under way
      const failure = await this.order(name, winner);
      if (failure === null) return;
      await this.recordFailure(name, winner.backorderId, failure.reason, failure.message);
    }
  }

  /** Records how a won backorder ended when it did not succeed: the next in line wins. */
  async recordFailure(name: string, backorderId: number, reason: BackorderFailure, message: string): Promise<void> {
    await handleCommand(this.store, backordersStream(name), backordersDecider, {
      type: 'RecordBackorderOutcome',
      data: { name, backorderId, outcome: { failure: reason, message }, at: this.clock.now() },
    });
  }

  /** Places, pays and starts the winner's order; what failed at once, or null when it is under way. */
  private async order(name: string, winner: Backorder): Promise<{ reason: BackorderFailure; message: string } | null> {
    const { accountId, contactId, backorderId } = winner;
    const { state: contact } = await loadStream(this.store, contactStream(contactId), contactDecider);
    if (contact.status !== 'CREATED' || contact.disabledAt !== null) {
      return { reason: 'CONTACT', message: `contact ${contactId} can no longer register names` };
    }
    const { countryCode, stateProvince } = contact.details;
    const funds = await loadStream(this.store, accountFundsStream(accountId), accountFundsDecider);
    const priced = await this.orders.priced(
      accountId,
      { kind: 'REGISTRATION', name: storedNameOf(name) },
      { countryCode, stateProvince },
      funds.state,
    );
    if ('problem' in priced) return { reason: 'OTHER', message: priced.problem };
    const card = await this.orders.defaultCardOf(accountId);
    if (priced.pricing.totalAmountDueCents > 0 && card === null) {
      return { reason: 'PAYMENT', message: 'there is no card to charge, and the balance does not cover it' };
    }
    const orderId = backorderOrderIdOf(name, backorderId);
    const operationId = lineOperationIdOf(accountId, orderId, 1);
    const at = this.clock.now();
    await transact(this.store, { accountId }, async (streams) => {
      const backorders = await streams.load(backordersStream(name), backordersDecider);
      const started = backordersDecider.decide(
        { type: 'StartBackorderRegistration', data: { name, backorderId, operationId, at } },
        backorders.state,
      );
      if (started.length === 0) return { writes: [], result: null }; // started meanwhile by another worker
      const request = { orderId, accountId, contactId, paymentMethodId: card, at };
      const placed = await this.orders.placementWrites(streams, request, priced.facts);
      return { writes: [writeAfter(backorders, started), ...placed], result: null };
    });
    const paid = await this.payments.pay(orderId);
    if (paid.status === 'PAID') await this.fulfilment.start(orderId);
    return null; // paid or not, the order's events tell the outcome (BackorderOutcomes)
  }
}
