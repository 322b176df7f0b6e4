import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Pool } from 'pg';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IdempotencyKeys,
  IdempotencyScope,
  KeptAnswer,
  KeyClaim,
} from '../../application/shared/idempotency';
import { ownerIsGone } from '../processes';
import { inTransaction } from './database';

/** How long a running key stays with a process that may still answer it; one known to be gone loses it at once. */
const RUNNING_LEASE_MS = 60_000;

interface KeyRow {
  fingerprint: string;
  state: 'running' | 'done';
  owner: string;
  expired: boolean;
  lease_over: boolean;
  status: number | null;
  body: unknown;
}

/**
 * Idempotency keys in PostgreSQL (`idempotency_keys`, migration 0010), so that every process of the service, and the
 * same one after a restart, answers a repeated request alike. A claim decides under the row's lock.
 */
export class PostgresIdempotencyKeys implements IdempotencyKeys {
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(private readonly pool: Pool) {}

  claim({ accountId, key }: IdempotencyScope, fingerprint: string): Promise<KeyClaim> {
    const values = [accountId, key, fingerprint, this.owner, RUNNING_LEASE_MS];
    return inTransaction(this.pool, async (client) => {
      // a new key is taken by one insert: of two requests racing for it, the second finds the first's row below
      const inserted = await client.query(
        `insert into idempotency_keys (account_id, key, fingerprint, state, owner, lease_until)
         values ($1, $2, $3, 'running', $4, now() + make_interval(secs => $5::double precision / 1000))
         on conflict (account_id, key) do nothing`,
        values,
      );
      if (inserted.rowCount === 1) return { kind: 'claimed' };
      const { rows } = await client.query<KeyRow>(
        `select fingerprint, state, owner, status, body,
                created_at < now() - make_interval(secs => $3::double precision / 1000) as expired,
                lease_until < now() as lease_over
           from idempotency_keys where account_id = $1 and key = $2 for update`,
        [accountId, key, IDEMPOTENCY_KEY_TTL_MS / 1000],
      );
      const [row] = rows;
      const retake = async (): Promise<KeyClaim> => {
        await client.query(
          `update idempotency_keys
              set fingerprint = $3, state = 'running', owner = $4, status = null, body = null,
                  lease_until = now() + make_interval(secs => $5::double precision / 1000),
                  created_at = case when created_at < now() - interval '1 day' then now() else created_at end
            where account_id = $1 and key = $2`,
          values,
        );
        return { kind: 'claimed' };
      };
      // deleted between the two statements (a failed request gave it up): the next claim takes it
      if (!row) return { kind: 'in-use' };
      if (row.expired) return retake();
      if (row.fingerprint !== fingerprint) return { kind: 'reused' };
      if (row.state === 'done') return { kind: 'answered', answer: { status: row.status as number, body: row.body } };
      // running: its process may still answer, unless it has died (its lease ran out, or it is gone from this host)
      if (!row.lease_over && !ownerIsGone(row.owner)) return { kind: 'in-use' };
      return retake();
    });
  }

  async answered({ accountId, key }: IdempotencyScope, { status, body }: KeptAnswer): Promise<void> {
    await this.pool.query(
      `update idempotency_keys set state = 'done', status = $4, body = $5::jsonb
        where account_id = $1 and key = $2 and owner = $3 and state = 'running'`,
      [accountId, key, this.owner, status, JSON.stringify(body ?? null)],
    );
    // keys past their day are of no use: drop them now and then rather than with a job of their own
    if (Math.random() < 0.01)
      void this.pool
        .query('delete from idempotency_keys where created_at < now() - make_interval(secs => $1::double precision)', [
          IDEMPOTENCY_KEY_TTL_MS / 1000,
        ])
        .catch(() => undefined);
  }

  async release({ accountId, key }: IdempotencyScope): Promise<void> {
    await this.pool.query(
      `delete from idempotency_keys where account_id = $1 and key = $2 and owner = $3 and state = 'running'`,
      [accountId, key, this.owner],
    );
  }
}
