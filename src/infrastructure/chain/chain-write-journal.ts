import { createHash } from 'node:crypto';
import { Pool } from 'pg';

export interface JournalEntry<Intent> {
  readonly writeId: string;
  /** `MINT` or `RELAY`. */
  readonly kind: string;
  readonly intent: Intent;
  readonly transactionHash: `0x${string}` | null;
  readonly rawTransaction: `0x${string}` | null;
}

interface Row {
  write_id: string;
  kind: string;
  intent: unknown;
  transaction_hash: string | null;
  raw_transaction: string | null;
}

const toEntry = <Intent>(row: Row): JournalEntry<Intent> => ({
  writeId: row.write_id,
  kind: row.kind,
  intent: row.intent as Intent,
  transactionHash: row.transaction_hash as `0x${string}` | null,
  rawTransaction: row.raw_transaction as `0x${string}` | null,
});

/** The `chain_writes` table: what each write meant and what was sent for it, written before it is sent. */
export class ChainWriteJournal {
  /** Sends of this process wait here first, so that waiting holds no database connection. */
  private readonly localTail = new Map<string, Promise<unknown>>();

  constructor(private readonly pool: Pool) {}

  /** The write's entry; the first caller's intent wins, so every retry acts on the same intent. */
  async open<Intent>(
    writeId: string,
    blockchain: string,
    kind: string,
    intent: () => Promise<Intent> | Intent,
  ): Promise<JournalEntry<Intent>> {
    const existing = await this.find<Intent>(writeId);
    if (existing) return existing;
    await this.pool.query(
      'insert into chain_writes (write_id, blockchain, kind, intent) values ($1, $2, $3, $4) on conflict (write_id) do nothing',
      [
        writeId,
        blockchain,
        kind,
        JSON.stringify(await intent(), (_key, value: unknown) =>
          typeof value === 'bigint' ? value.toString() : value,
        ),
      ],
    );
    return (await this.find<Intent>(writeId)) as JournalEntry<Intent>;
  }

  async find<Intent>(writeId: string): Promise<JournalEntry<Intent> | undefined> {
    const { rows } = await this.pool.query<Row>(
      'select write_id, kind, intent, transaction_hash, raw_transaction from chain_writes where write_id = $1',
      [writeId],
    );
    return rows[0] && toEntry<Intent>(rows[0]);
  }

  /** The writes to `blockchain` whose transaction was sent at `since` (epoch ms) or later, in the order sent. */
  async sentSince(blockchain: string, since: number): Promise<JournalEntry<unknown>[]> {
    const { rows } = await this.pool.query<Row>(
      `select write_id, kind, intent, transaction_hash, raw_transaction from chain_writes
        where blockchain = $1 and transaction_hash is not null and sent_at >= to_timestamp($2::double precision / 1000)
        order by nonce`,
      [blockchain, since],
    );
    return rows.map((row) => toEntry(row));
  }

  async recordTransaction(writeId: string, hash: `0x${string}`, raw: `0x${string}`, nonce: number): Promise<void> {
    await this.pool.query(
      'update chain_writes set transaction_hash = $2, raw_transaction = $3, nonce = $4, sent_at = now() where write_id = $1',
      [writeId, hash, raw, nonce],
    );
  }

  /**
   * Runs `send` while no other process sends from `sender` on `blockchain`: nonces are taken from the chain's
   * pending count, so two senders at once would take the same one.
   */
  async withSenderLock<T>(blockchain: string, sender: string, send: () => Promise<T>): Promise<T> {
    const name = `chain-sender:${blockchain}:${sender.toLowerCase()}`;
    const previous = this.localTail.get(name) ?? Promise.resolve();
    const mine = previous.catch(() => undefined).then(() => this.underAdvisoryLock(name, send));
    this.localTail.set(name, mine);
    try {
      return await mine;
    } finally {
      if (this.localTail.get(name) === mine) this.localTail.delete(name);
    }
  }

  private async underAdvisoryLock<T>(name: string, send: () => Promise<T>): Promise<T> {
    const key = createHash('sha256').update(name).digest().readBigInt64BE(0);
    const client = await this.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [key.toString()]);
      try {
        return await send();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key.toString()]);
      }
    } finally {
      client.release();
    }
  }
}
