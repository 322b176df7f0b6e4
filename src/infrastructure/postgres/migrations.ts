import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Pool } from 'pg';

/** The SQL files beside package.json; the same path from src/ (tests) and dist/ (the built service). */
export const MIGRATIONS_DIR = resolve(__dirname, '../../../migrations');

// any constant shared by every migrator: several processes starting at once apply each migration once
const MIGRATION_LOCK = 7_460_001;

export interface Migration {
  readonly version: string;
  readonly sql: string;
}

export const loadMigrations = async (dir = MIGRATIONS_DIR): Promise<Migration[]> => {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({ version: file.replace(/\.sql$/, ''), sql: await readFile(join(dir, file), 'utf8') })),
  );
};

/** Applies the migrations not applied yet, each in its own transaction, in file order. Returns the versions applied. */
export const migrate = async (pool: Pool, migrations?: Migration[]): Promise<string[]> => {
  const all = migrations ?? (await loadMigrations());
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const { rows } = await client.query<{ version: string }>('select version from schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const pending = all.filter((migration) => !applied.has(migration.version));
    // on the client that holds the lock: a pool of one connection must not wait for a second
    for (const migration of pending) {
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query('insert into schema_migrations (version) values ($1)', [migration.version]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    }
    return pending.map((migration) => migration.version);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
};
