import { Projection } from '../../application/shared/projection';
import {
  Fact,
  OperationFact,
  operationFinished,
  operationRequested,
  pointFact,
} from '../../domain/analytics/analytics-facts';
import {
  instalmentCredited,
  instalmentPaid,
  OrderFact,
  orderLineRefunded,
  orderPaid,
  orderPlaced,
  saleSettled,
} from '../../domain/analytics/order-facts';
import { funnelDaysOf, ordered, searched, SearchFunnel } from '../../domain/analytics/search-funnel';
import { DomainsSearched } from '../../domain/analytics/search-record';
import { FundsAdded } from '../../domain/commerce/account-funds';
import { OrderLineFailed, OrderPaid, OrderPlaced } from '../../domain/commerce/order';
import { AccountOpened } from '../../domain/identity/account';
import { InstalmentPaid } from '../../domain/marketplace/lease';
import { orderIdOfLease } from '../../domain/marketplace/sale-settlement';
import { OperationFinished, OperationRequested } from '../../domain/operations/operation.events';
import { WebhookDeliveryEnded } from '../../domain/webhooks/webhook-delivery';

type AnalyticsEvent =
  | OperationRequested
  | OperationFinished
  | OrderPlaced
  | OrderPaid
  | OrderLineFailed
  | FundsAdded
  | InstalmentPaid
  | AccountOpened
  | DomainsSearched
  | WebhookDeliveryEnded;

export type AnalyticsFact = OperationFact | OrderFact | SearchFunnel | (Fact & { readonly kind: 'point' });

/** A seller's credit names what it was for: `market-sale:<order>:<product>` or `market-lease:<lease>:<number>`. */
const creditOf = (
  entryId: string,
):
  | { kind: 'sale'; orderId: string; number: number }
  | { kind: 'lease'; orderId: string; leaseId: string; number: number }
  | null => {
  const sale = /^market-sale:(.+):(\d+)$/.exec(entryId);
  if (sale) return { kind: 'sale', orderId: sale[1], number: Number(sale[2]) };
  const lease = /^market-lease:(.+):(\d+)$/.exec(entryId);
  return lease
    ? { kind: 'lease', orderId: orderIdOfLease(lease[1]), leaseId: lease[1], number: Number(lease[2]) }
    : null;
};

const funnelId = (accountId: string, day: number): string => `funnel:${accountId}:${day}`;

/**
 * The analytics' facts (`docs/analytics.md`): one document per operation, order, account's day of searches, signup
 * and webhook delivery, each holding the points it counts, timed and valued. The operator's reports sum the points of
 * a range by hour or day; the documents rebuild from the history like every projection.
 */
export const analyticsFacts: Projection<AnalyticsFact, AnalyticsEvent, string | readonly string[]> = {
  name: 'analytics',
  version: 1,
  handles: [
    'OperationRequested',
    'OperationFinished',
    'OrderPlaced',
    'OrderPaid',
    'OrderLineFailed',
    'FundsAdded',
    'InstalmentPaid',
    'AccountOpened',
    'DomainsSearched',
    'WebhookDeliveryEnded',
  ],
  idOf: (event) => {
    switch (event.type) {
      case 'OperationRequested':
        // a preview runs nothing and is never counted: no document, and no write at each preview
        return event.data.preview ? null : `operation:${event.data.operationId}`;
      case 'OperationFinished':
        return `operation:${event.data.operationId}`;
      case 'OrderPlaced':
        return [
          `order:${event.data.orderId}`,
          ...funnelDaysOf(event.data.at).map((day) => funnelId(event.data.accountId, day)),
        ];
      case 'OrderPaid':
      case 'OrderLineFailed':
        return `order:${event.data.orderId}`;
      case 'FundsAdded': {
        const credit = creditOf(event.data.entryId);
        return credit && `order:${credit.orderId}`;
      }
      case 'InstalmentPaid':
        return `order:${orderIdOfLease(event.data.leaseId)}`;
      case 'AccountOpened':
        return event.data.kind === 'user' ? `signup:${event.data.accountId}` : null;
      case 'DomainsSearched':
        return funnelId(event.data.accountId, funnelDaysOf(event.data.at)[0]);
      case 'WebhookDeliveryEnded':
        return `webhook:${event.data.deliveryId}`;
    }
  },
  evolve: (row, event, id) => {
    switch (event.type) {
      case 'OperationRequested':
        return operationRequested(event.data);
      case 'OperationFinished':
        return row?.kind === 'operation' ? operationFinished(row, event.data.status, event.data.at) : (row ?? null);
      case 'OrderPlaced':
        if (id.startsWith('order:')) return orderPlaced(event.data);
        return row?.kind === 'funnel' ? ordered(row, event.data.at) : null;
      case 'OrderPaid':
        return row?.kind === 'order' ? orderPaid(row, event.data.at) : (row ?? null);
      case 'OrderLineFailed':
        return row?.kind === 'order' ? orderLineRefunded(row, event.data.productId, event.data.at) : (row ?? null);
      case 'FundsAdded': {
        const credit = creditOf(event.data.entryId);
        if (row?.kind !== 'order' || !credit) return row ?? null;
        const { amountCents, at } = event.data;
        return credit.kind === 'sale'
          ? saleSettled(row, credit.number, amountCents, at)
          : instalmentCredited(row, credit.leaseId, credit.number, amountCents, at);
      }
      case 'InstalmentPaid':
        return row?.kind === 'order'
          ? instalmentPaid(row, event.data.leaseId, event.data.number, event.data.amountCents, event.data.at)
          : (row ?? null);
      case 'AccountOpened':
        return { ...pointFact({ t: event.data.at, m: 'signups', d: 'users', v: 1 }), kind: 'point' };
      case 'DomainsSearched':
        return searched(row?.kind === 'funnel' ? row : undefined, event.data.at);
      case 'WebhookDeliveryEnded':
        return {
          ...pointFact({ t: event.data.at, m: 'webhooks', d: event.data.outcome, v: event.data.attempts }),
          kind: 'point',
        };
    }
  },
};
