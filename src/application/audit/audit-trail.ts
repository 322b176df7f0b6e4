import { Injectable } from '@nestjs/common';
import { listingNumberDecider, listingNumberStream } from '../../domain/marketplace/listing-number';
import { EventCriteria, EventStore, StoredEvent } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { foldOfStream } from './stream-deciders';

/** What an audit is of. */
export const AUDIT_SUBJECTS = ['operation', 'domain', 'account', 'order', 'listing', 'wallet'] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/** The most events one timeline holds: past it the audit says it is cut short. */
export const TIMELINE_LIMIT = 10_000;

/** The streams a domain's history is kept in, one per part of its life (registry, ours, its zone, its sale...). */
const DOMAIN_STREAM_PREFIXES = [
  'registry-domain-',
  'dns-domain-',
  'dns-zone-',
  'domain-activity-',
  'market-listing-',
  'market-watch-',
  'marketplace-sale-',
  'backorders-',
  'lander-',
  'web3-claim-',
];

export interface Timeline {
  readonly events: readonly StoredEvent[];
  /** More events matched than a timeline holds: the earliest are shown. */
  readonly truncated: boolean;
}

/**
 * The history of a subject from the one log of everything: every event of its streams and every event elsewhere
 * that names it (an operation's dependencies' effects on a domain, an order's lines, an account's appends), in the
 * order they were stored, and each of its streams' state as it was at any moment, folded with the service's own
 * deciders.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly store: EventStore) {}

  async timeline(subject: AuditSubject, id: string): Promise<Timeline> {
    const criteria = await this.criteriaOf(subject, id);
    const events = await this.store.readMatching(criteria, TIMELINE_LIMIT + 1);
    return { events: events.slice(0, TIMELINE_LIMIT), truncated: events.length > TIMELINE_LIMIT };
  }

  /**
   * Each stream of a timeline that the service folds, as it stood at `at` (epoch ms): the whole stream read again (a
   * timeline holds only the events of another subject's stream that name this one) and its events stored by then
   * folded with the service's own decider. A stream not begun by then is left out.
   */
  async statesAsOf(timeline: Timeline, at: number): Promise<Record<string, unknown>> {
    const states: Record<string, unknown> = {};
    for (const streamId of new Set(timeline.events.map((event) => event.streamId))) {
      const fold = foldOfStream(streamId);
      if (!fold) continue;
      const stored = (await this.store.readStream(streamId)).filter((event) => event.recordedAt.getTime() <= at);
      if (stored.length > 0) states[streamId] = stored.reduce(fold.evolve, fold.initialState());
    }
    return states;
  }

  private async criteriaOf(subject: AuditSubject, id: string): Promise<EventCriteria> {
    switch (subject) {
      case 'operation':
        return { streamIds: [`operation-${id}`], dataValues: [{ key: 'operationId', value: id }] };
      case 'domain': {
        const name = id.trim().toLowerCase();
        return {
          streamIds: DOMAIN_STREAM_PREFIXES.map((prefix) => `${prefix}${name}`),
          dataValues: [
            { key: 'name', value: name },
            { key: 'domain', value: name },
          ],
        };
      }
      case 'account':
        return { streamIds: [`account-${id}`, `funds-${id}`, `cart-${id}`], accountId: id };
      case 'order':
        return { streamIds: [`order-${id}`], dataValues: [{ key: 'orderId', value: id }] };
      case 'listing': {
        const number = Number(id);
        const { state } = Number.isSafeInteger(number)
          ? await loadStream(this.store, listingNumberStream(number), listingNumberDecider)
          : { state: { name: null } };
        return {
          streamIds: state.name ? [`market-listing-${state.name}`, listingNumberStream(number)] : [],
          dataValues: [{ key: 'listingId', value: String(id) }],
        };
      }
      case 'wallet': {
        // addresses are stored as the chain gave them: checksummed, or lowercase
        const values = new Set([id.trim(), id.trim().toLowerCase()]);
        return { dataValues: [...values].map((value) => ({ key: 'address', value })) };
      }
    }
  }
}
