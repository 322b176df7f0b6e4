import { TurnSharedReads } from '../../application/shared/turn-shared-reads';
import { Pool, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { createPool, sqlState } from './database';

/** What the read models' adapters ask of PostgreSQL: statements, each on its own. */
export interface ReadQueries {
  query<Row extends QueryResultRow>(text: string | QueryConfig, values?: unknown[]): Promise<QueryResult<Row>>;
}

export interface ReadConnectionsOptions {
  /** Hot standbys of the primary (`DATABASE_READ_URLS`). */
  readonly standbyUrls: readonly string[];
  readonly poolSize: number;
  /** How long a read waits for a standby to replay the primary's WAL before the primary answers it. */
  readonly waitMs: number;
  readonly log: { warn(message: string): void };
  /** Told of each read by the server that answered it: `primary`, or `standby N` (N from 1, as listed). */
  readonly answeredBy?: (server: string) => void;
}

interface Standby {
  /** `standby N`, as metrics and logs name it. */
  readonly name: string;
  readonly pool: Pool;
  /** The furthest WAL position it was seen to have replayed. */
  replayed: bigint;
  /** A standby that failed is left alone until then. */
  skippedUntil: number;
}

/** A standby that failed is tried again after this long. */
const SKIP_MS = 5_000;
/** How often a read waiting for a standby to replay looks again. */
const REPLAY_POLL_MS = 2;

/**
 * Reads of the read models, on PostgreSQL hot standbys when there are some (`DATABASE_READ_URLS`, docs/scale-out.md).
 * A read goes to a standby only once the standby has replayed the primary's WAL as it stood when the read began, so
 * it never shows less than the primary would have: a client that saw its operation `COMPLETED` reads its effect, on
 * whichever process and standby it lands. A standby that has not caught up within `READ_STANDBY_WAIT_MS`, cannot be
 * reached, or fails a statement (stopped, a conflict with its recovery) leaves the read to the primary, and one that
 * failed is left alone for a few seconds; no read is lost to a standby.
 */
export class ReadConnections implements ReadQueries {
  private readonly standbys: Standby[];
  private next = 0;
  /** The primary's WAL position, asked once for all the reads that begin in the same turn of the event loop. */
  private readonly fences = new TurnSharedReads<bigint>();

  constructor(
    private readonly primary: Pool,
    private readonly options: ReadConnectionsOptions,
  ) {
    this.standbys = options.standbyUrls.map((url, index) => ({
      name: `standby ${index + 1}`,
      pool: createPool(url, options.poolSize, 'domain-engine-read'),
      replayed: 0n,
      skippedUntil: 0,
    }));
  }

  async query<Row extends QueryResultRow>(text: string | QueryConfig, values?: unknown[]): Promise<QueryResult<Row>> {
    const standby = await this.caughtUpStandby();
    if (standby) {
      try {
        const result = await standby.pool.query<Row>(text, values);
        this.options.answeredBy?.(standby.name);
        return result;
      } catch (error) {
        // a statement the primary would refuse as well is refused here: the standby itself is not at fault
        if (isRefusedStatement(error)) throw error;
        this.skip(standby, error);
      }
    }
    const result = await this.primary.query<Row>(text, values);
    this.options.answeredBy?.('primary');
    return result;
  }

  async close(): Promise<void> {
    await Promise.all(this.standbys.map((standby) => standby.pool.end()));
  }

  /** The next standby in turn that has replayed what the primary had when this read began; none: the primary. */
  private async caughtUpStandby(): Promise<Standby | undefined> {
    const usable = this.standbys.filter((standby) => standby.skippedUntil <= Date.now());
    if (usable.length === 0) return undefined;
    const standby = usable[this.next++ % usable.length];
    let fence: bigint;
    try {
      fence = await this.primaryPosition();
    } catch {
      return undefined; // the primary is unreachable: the read fails there, as it would without standbys
    }
    try {
      const deadline = Date.now() + this.options.waitMs;
      while (standby.replayed < fence) {
        // a standby that does not answer (a host gone silent) holds a read no longer than the wait either
        const replayed = await beforeDeadline(replayedBy(standby.pool), deadline);
        if (replayed === undefined) return undefined;
        if (replayed > standby.replayed) standby.replayed = replayed;
        if (standby.replayed >= fence) break;
        if (Date.now() >= deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
      }
      return standby;
    } catch (error) {
      this.skip(standby, error);
      return undefined;
    }
  }

  private primaryPosition(): Promise<bigint> {
    return this.fences.read('fence', () =>
      this.primary
        .query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
        .then(({ rows }) => lsnOf(rows[0].lsn)),
    );
  }

  private skip(standby: Standby, error: unknown): void {
    if (standby.skippedUntil <= Date.now())
      this.options.log.warn(
        `${standby.name} failed (${(error as Error).message}): reads go to the primary for ${SKIP_MS / 1000} s`,
      );
    standby.skippedUntil = Date.now() + SKIP_MS;
  }
}

/** The promise's value, or undefined once `deadline` (epoch ms) passes first. */
const beforeDeadline = async <T>(promise: Promise<T>, deadline: number): Promise<T | undefined> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
};

const replayedBy = async (pool: Pool): Promise<bigint> => {
  const { rows } = await pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
  // null: not a standby (or not recovering), which cannot vouch for having the primary's writes
  if (rows[0].lsn === null) throw new Error('not a standby: pg_last_wal_replay_lsn() is null');
  return lsnOf(rows[0].lsn);
};

/** A WAL position (`16/B374D848`) as one number, so that positions compare. */
export const lsnOf = (text: string): bigint => {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/**
 * An error in the statement itself (bad SQL, a violated constraint): the server was reached and would refuse it
 * anywhere. Not those of a server going away or of a standby's recovery (class 08, 57: shut down, canceled; class 40:
 * a conflict with recovery, a serialization failure), which the primary may well answer.
 */
const isRefusedStatement = (error: unknown): boolean => {
  const state = sqlState(error);
  return state !== undefined && !/^(08|57|40)/.test(state);
};
