import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AuditSubject, AuditTrail } from '../../../application/audit/audit-trail';
import { DnsCatalogue } from '../../../application/dns-domains/dns-catalogue';
import { Registry } from '../../../application/registry/registry.port';
import { Clock } from '../../../application/shared/clock';
import { DocumentStore } from '../../../application/shared/document-store.port';
import { EventStore, StoredEvent } from '../../../application/shared/event-store.port';
import { ExistingOperation, operationStream } from '../../../domain/operations/operation';
import { OperationEvent, OperationStatus } from '../../../domain/operations/operation.events';
import { Waterfall, waterfallOf } from '../../../domain/operations/operation-waterfall';
import { AnalyticsReport } from '../../../projections/analytics/analytics-report';
import { AnalyticsRange, ExportAnalytics, GetAnalyticsReport } from '../../../projections/analytics/analytics.queries';
import { operationList } from '../../../projections/operation-list/operation-list.projection';
import { SearchOperations } from '../../../projections/operation-list/operation-list.queries';
import { redacted } from '../shared/operation-history';

/** One event as the operator sees it: every field of the log but the secrets in its data. */
export interface AuditEvent {
  readonly position: string;
  readonly stream: string;
  readonly streamPosition: number;
  readonly type: string;
  readonly recordedAt: string;
  readonly actor: string | null;
  readonly accountId: string | null;
  readonly commandId: string;
  readonly correlationId: string;
  readonly causationId: string;
  readonly data: unknown;
}

export const auditEventOf = (event: StoredEvent): AuditEvent => ({
  position: event.globalPosition.toString(),
  stream: event.streamId,
  streamPosition: event.streamPosition,
  type: event.type,
  recordedAt: event.recordedAt.toISOString(),
  actor: event.metadata.actor ?? null,
  accountId: event.metadata.accountId ?? null,
  commandId: event.metadata.commandId,
  correlationId: event.metadata.correlationId,
  causationId: event.metadata.causationId,
  data: redacted(event.data),
});

export interface AuditAnswer {
  readonly subject: AuditSubject;
  readonly id: string;
  readonly events: readonly AuditEvent[];
  readonly truncated: boolean;
  /** With `asOf`: only the events stored by then, and each stream's state then. */
  readonly asOf?: string;
  readonly states?: Readonly<Record<string, unknown>>;
  /** The first and last times of the whole timeline: the ends of an as-of slider. */
  readonly span: { readonly first: string; readonly last: string } | null;
}

export interface OperationAnswer {
  readonly operation: ExistingOperation;
  readonly waterfall: Waterfall | null;
  readonly events: readonly AuditEvent[];
}

export interface RegistryAnswer {
  readonly registryTime: string;
  readonly aheadMs: number;
  readonly prices: readonly {
    readonly tld: string;
    readonly canRegister: boolean;
    readonly registrationCents: number | null;
    readonly renewalCents: number | null;
    readonly transferCents: number | null;
    readonly restorationCents: number | null;
  }[];
}

/** What the operator API and the console read: the same answers, served as JSON or as pages. */
@Injectable()
export class OperatorReads {
  constructor(
    private readonly trail: AuditTrail,
    private readonly store: EventStore,
    private readonly documents: DocumentStore,
    private readonly queries: QueryBus,
    private readonly catalogue: DnsCatalogue,
    private readonly registry: Registry,
    private readonly clock: Clock,
  ) {}

  async audit(subject: AuditSubject, id: string, asOf?: number): Promise<AuditAnswer> {
    const timeline = await this.trail.timeline(subject, id);
    const all = timeline.events;
    const span =
      all.length === 0
        ? null
        : { first: all[0].recordedAt.toISOString(), last: all[all.length - 1].recordedAt.toISOString() };
    if (asOf === undefined) return { subject, id, events: all.map(auditEventOf), truncated: timeline.truncated, span };
    const shown = all.filter((event) => event.recordedAt.getTime() <= asOf);
    return {
      subject,
      id,
      events: shown.map(auditEventOf),
      truncated: timeline.truncated,
      asOf: new Date(asOf).toISOString(),
      states: redacted(await this.trail.statesAsOf(timeline, asOf)) as Record<string, unknown>,
      span,
    };
  }

  /** One operation of any account: its row, its dependencies on a time axis, and its own stream's events. */
  async operation(operationId: string): Promise<OperationAnswer | undefined> {
    const operation = await this.documents.get<ExistingOperation>(operationList.name, operationId);
    if (!operation) return undefined;
    const events = await this.store.readStream(operationStream(operationId));
    return {
      operation,
      waterfall: waterfallOf(events as unknown as OperationEvent[]),
      events: events.map(auditEventOf),
    };
  }

  searchOperations(
    filter: { accountId?: string; domain?: string; statuses?: readonly OperationStatus[]; type?: string },
    limit: number,
  ): Promise<readonly ExistingOperation[]> {
    return this.queries.execute(new SearchOperations(filter, limit));
  }

  analytics(range: AnalyticsRange): Promise<AnalyticsReport> {
    return this.queries.execute(new GetAnalyticsReport(range));
  }

  analyticsCsv(range: AnalyticsRange): Promise<string> {
    return this.queries.execute(new ExportAnalytics(range));
  }

  /** The sandbox registry's clock (how far it was moved ahead) and surface D's price list. */
  async registryState(): Promise<RegistryAnswer> {
    const [registryNow, offers] = await Promise.all([this.registry.now(), this.catalogue.tlds()]);
    return {
      registryTime: new Date(registryNow).toISOString(),
      aheadMs: Math.max(0, registryNow - this.clock.now()),
      prices: offers.map((offer) => ({
        tld: offer.tld,
        canRegister: offer.canRegister,
        registrationCents: offer.prices?.registrationCents ?? null,
        renewalCents: offer.prices?.renewalCents ?? null,
        transferCents: offer.prices?.transferCents ?? null,
        restorationCents: offer.prices?.restorationCents ?? null,
      })),
    };
  }
}
