import { Pool } from 'pg';
import { Lease, WorkQueue } from '../../application/operations/work-queue.port';
import { inTransaction } from './database';
import { PostgresNotifications } from './postgres-notifications';

export const WORK_CHANNEL = 'domain_engine_work';

interface LeaseRow {
  dependency_id: string;
  operation_id: string;
  lease_owner: string;
  attempts: number;
}

const toLease = (row: LeaseRow): Lease => ({
  dependencyId: row.dependency_id,
  operationId: row.operation_id,
  owner: row.lease_owner,
  attempts: row.attempts,
});

/**
 * The work queue in PostgreSQL. Leasing is one short statement (`FOR UPDATE SKIP LOCKED`): no transaction stays
 * open while an executor runs, so readers of the event store are never held back by a long job.
 */
export class PostgresWorkQueue implements WorkQueue {
  constructor(
    private readonly pool: Pool,
    private readonly notifications: PostgresNotifications,
  ) {}

  async schedule(
    operationId: string,
    runnable: { dependencyId: string; runAfter: number | null } | null,
  ): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('delete from operation_work where operation_id = $1 and dependency_id is distinct from $2', [
        operationId,
        runnable?.dependencyId ?? null,
      ]);
      if (!runnable) return;
      // a retry time moves the work; otherwise a row already there (perhaps leased) is left as it is
      await client.query(
        `insert into operation_work (dependency_id, operation_id, run_after)
         values ($1, $2, coalesce(to_timestamp($3::double precision / 1000), now()))
         on conflict (dependency_id) do update
           set run_after = coalesce(to_timestamp($3::double precision / 1000), operation_work.run_after)`,
        [runnable.dependencyId, operationId, runnable.runAfter],
      );
      await client.query(`select pg_notify('${WORK_CHANNEL}', '')`);
    });
  }

  async lease(owner: string, leaseMs: number): Promise<Lease | undefined> {
    const { rows } = await this.pool.query<LeaseRow>(
      `update operation_work w
          set lease_owner = $1, lease_expires_at = now() + make_interval(secs => $2::double precision / 1000), attempts = w.attempts + 1
        where w.dependency_id = (
          select dependency_id from operation_work
           where run_after <= now() and (lease_expires_at is null or lease_expires_at < now())
           order by run_after, created_at
           limit 1
           for update skip locked)
        returning w.dependency_id, w.operation_id, w.lease_owner, w.attempts`,
      [owner, leaseMs],
    );
    return rows[0] && toLease(rows[0]);
  }

  async renew(lease: Lease, leaseMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `update operation_work set lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
        where dependency_id = $1 and lease_owner = $2 and attempts = $4`,
      [lease.dependencyId, lease.owner, leaseMs, lease.attempts],
    );
    return rowCount === 1;
  }

  async finish(lease: Lease): Promise<void> {
    await this.pool.query(
      'delete from operation_work where dependency_id = $1 and lease_owner = $2 and attempts = $3',
      [lease.dependencyId, lease.owner, lease.attempts],
    );
  }

  async postpone(lease: Lease, runAfter: number): Promise<void> {
    await this.pool.query(
      `update operation_work set run_after = to_timestamp($4::double precision / 1000), lease_owner = null, lease_expires_at = null
        where dependency_id = $1 and lease_owner = $2 and attempts = $3`,
      [lease.dependencyId, lease.owner, lease.attempts, runAfter],
    );
  }

  async releaseLeasesOf(isGone: (owner: string) => boolean): Promise<number> {
    const { rows } = await this.pool.query<{ lease_owner: string }>(
      'select distinct lease_owner from operation_work where lease_owner is not null and lease_expires_at > now()',
    );
    const gone = rows.map((row) => row.lease_owner).filter(isGone);
    if (gone.length === 0) return 0;
    const { rowCount } = await this.pool.query(
      'update operation_work set lease_owner = null, lease_expires_at = null where lease_owner = any($1)',
      [gone],
    );
    if ((rowCount ?? 0) > 0) await this.pool.query(`select pg_notify('${WORK_CHANNEL}', '')`);
    return rowCount ?? 0;
  }

  async hasDueWork(withinMs = 0): Promise<boolean> {
    const { rows } = await this.pool.query(
      'select 1 from operation_work where run_after <= now() + make_interval(secs => $1::double precision / 1000) limit 1',
      [withinMs],
    );
    return rows.length > 0;
  }

  onScheduled(listener: () => void): () => void {
    return this.notifications.listen(WORK_CHANNEL, listener);
  }
}
