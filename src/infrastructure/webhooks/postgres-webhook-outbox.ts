import { Pool } from 'pg';
import {
  AttemptOutcome,
  DeliveryAttempt,
  DeliveryPage,
  DeliveryRecord,
  DeliveryStatus,
  LeasedDelivery,
  NewDelivery,
  WebhookOutbox,
} from '../../application/webhooks/webhook-outbox.port';
import { WebhookType } from '../../domain/webhooks/webhook.events';
import { PostgresNotifications } from '../postgres/postgres-notifications';

export const WEBHOOKS_CHANNEL = 'domain_engine_webhooks';

interface LogRow {
  sequence: string;
  delivery_id: string;
  webhook_id: string;
  event_type: WebhookType;
  operation_id: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  next_attempt_ms: string | null;
  created_ms: string;
}

const toRecord = (row: LogRow): DeliveryRecord => ({
  deliveryId: row.delivery_id,
  webhookId: row.webhook_id,
  eventType: row.event_type,
  operationId: row.operation_id,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_ms === null ? null : Number(row.next_attempt_ms),
  createdAt: Number(row.created_ms),
  sequence: Number(row.sequence),
});

const millis = (column: string): string => `(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * The outbox in PostgreSQL. Due times are the database's clock, like the operation work queue's, so that every
 * process agrees on what is due. Leasing is one short statement: no transaction stays open while a receiver answers.
 */
export class PostgresWebhookOutbox extends WebhookOutbox {
  constructor(
    private readonly pool: Pool,
    private readonly notifications: PostgresNotifications,
  ) {
    super();
  }

  async add(deliveries: readonly NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const column = <K extends keyof NewDelivery>(key: K) => deliveries.map((delivery) => delivery[key]);
    const { rowCount } = await this.pool.query(
      `insert into webhook_deliveries (delivery_id, webhook_id, account_id, url, event_type, operation_id, body)
       select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       on conflict (delivery_id) do nothing`,
      [
        column('deliveryId'),
        column('webhookId'),
        column('accountId'),
        column('url'),
        column('eventType'),
        column('operationId'),
        column('body'),
      ],
    );
    if (rowCount) await this.pool.query(`select pg_notify('${WEBHOOKS_CHANNEL}', '')`);
  }

  async deliveriesOf(
    webhookId: string,
    page: { readonly limit: number; readonly before?: number },
  ): Promise<DeliveryPage> {
    const { rows } = await this.pool.query<LogRow>(
      `select sequence, delivery_id, webhook_id, event_type, operation_id, status, attempts,
              case when status = 'PENDING' then ${millis('next_attempt_at')} end as next_attempt_ms, ${millis('created_at')} as created_ms
         from webhook_deliveries
        where webhook_id = $1 and ($2::bigint is null or sequence < $2)
        order by sequence desc limit $3`,
      [webhookId, page.before ?? null, page.limit + 1],
    );
    const items = rows.slice(0, page.limit).map(toRecord);
    return { items, next: rows.length > page.limit ? (items.at(-1) as DeliveryRecord).sequence : null };
  }

  async releaseLeasesOf(isGone: (owner: string) => boolean): Promise<number> {
    const { rows } = await this.pool.query<{ lease_owner: string }>(
      `select distinct lease_owner from webhook_deliveries
        where status = 'PENDING' and lease_owner is not null and lease_expires_at > now()`,
    );
    const gone = rows.map((row) => row.lease_owner).filter(isGone);
    if (gone.length === 0) return 0;
    const { rowCount } = await this.pool.query(
      `update webhook_deliveries set lease_owner = null, lease_expires_at = null
        where status = 'PENDING' and lease_owner = any($1)`,
      [gone],
    );
    return rowCount ?? 0;
  }

  async lease(owner: string, leaseMs: number): Promise<LeasedDelivery | undefined> {
    const { rows } = await this.pool.query<{
      delivery_id: string;
      webhook_id: string;
      account_id: string;
      url: string;
      body: string;
      made: number;
      leases: number;
    }>(
      `update webhook_deliveries d
          set lease_owner = $1, lease_expires_at = now() + make_interval(secs => $2::double precision / 1000), leases = d.leases + 1
        where d.delivery_id = (
          select delivery_id from webhook_deliveries
           where status = 'PENDING' and next_attempt_at <= now() and (lease_expires_at is null or lease_expires_at < now())
           order by next_attempt_at
           limit 1
           for update skip locked)
        returning d.delivery_id, d.webhook_id, d.account_id, d.url, d.body, jsonb_array_length(d.attempts) as made, d.leases`,
      [owner, leaseMs],
    );
    const row = rows[0];
    return (
      row && {
        deliveryId: row.delivery_id,
        webhookId: row.webhook_id,
        accountId: row.account_id,
        url: row.url,
        body: row.body,
        attemptsMade: row.made,
        owner,
        lease: row.leases,
      }
    );
  }

  async record(leased: LeasedDelivery, attempt: DeliveryAttempt | null, outcome: AttemptOutcome): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `update webhook_deliveries
          set attempts = attempts || $4::jsonb, status = $5,
              next_attempt_at = case when $6::double precision is null then null else now() + make_interval(secs => $6::double precision / 1000) end,
              lease_owner = null, lease_expires_at = null
        where delivery_id = $1 and lease_owner = $2 and leases = $3`,
      [
        leased.deliveryId,
        leased.owner,
        leased.lease,
        JSON.stringify(attempt ? [attempt] : []),
        outcome.status,
        outcome.status === 'PENDING' ? outcome.retryInMs : null,
      ],
    );
    return rowCount === 1;
  }

  async progress(): Promise<{ due: number; mark: string }> {
    const { rows } = await this.pool.query<{ due: string; mark: string }>(
      `select count(*) filter (where status = 'PENDING' and next_attempt_at <= now()) as due,
              count(*) || '/' || coalesce(sum(jsonb_array_length(attempts)), 0) || '/' || count(*) filter (where status <> 'PENDING') as mark
         from webhook_deliveries`,
    );
    return { due: Number(rows[0].due), mark: rows[0].mark };
  }

  onAdded(listener: () => void): () => void {
    return this.notifications.listen(WEBHOOKS_CHANNEL, listener);
  }
}
