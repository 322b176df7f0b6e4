import { SystemClock } from '../../application/shared/clock';
import { createPool } from '../../infrastructure/postgres/database';
import { migrate } from '../../infrastructure/postgres/migrations';
import { PostgresEventStore } from '../../infrastructure/postgres/postgres-event-store';
import { PostgresNotifications } from '../../infrastructure/postgres/postgres-notifications';
import { SandboxRegistryClock } from '../../infrastructure/registry/sandbox-registry-clock';
import { CliContext } from './cli-context';

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `45d`, `12h`, `30m`, `10s` or `1500ms` in milliseconds; undefined for anything else. */
export const durationMs = (text: string): number | undefined => {
  const match = /^([1-9][0-9]{0,9})(ms|s|m|h|d)$/.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2]] : undefined;
};

const DAY_MS = UNIT_MS.d;

/** The answer of both clock commands: the registry's time, and how far it is ahead of the service's. */
export const registryTimeLine = (now: number, aheadMs: number): string =>
  `registry time: ${new Date(now).toISOString()} (${(aheadMs / DAY_MS).toFixed(2)} days ahead)`;

/**
 * `domain-engine registry clock show|advance <duration>`: the sandbox registry's time, which only moves forward.
 * Moving it lets expiry, grace periods, redemption and automatic transfer approval happen without waiting for them.
 */
export const registryClock = async (
  context: CliContext,
  advanceBy: string | undefined,
  out: (line: string) => void,
): Promise<void> => {
  const byMs = advanceBy === undefined ? undefined : durationMs(advanceBy);
  if (advanceBy !== undefined && byMs === undefined) {
    throw new Error(`a duration is a whole number and a unit (ms, s, m, h, d), as in 45d; not "${advanceBy}"`);
  }
  const database = await context.openDatabase();
  const pool = createPool(database.url, 2);
  const notifications = new PostgresNotifications(database.url, { warn: () => undefined });
  try {
    await migrate(pool); // the first command run against a new database may be this one
    const clock = new SandboxRegistryClock(new PostgresEventStore(pool, notifications), new SystemClock());
    if (byMs !== undefined) await clock.advance(byMs);
    out(registryTimeLine(await clock.now(), await clock.aheadMs()));
  } finally {
    await notifications.close();
    await pool.end();
    await database.stop();
  }
};
