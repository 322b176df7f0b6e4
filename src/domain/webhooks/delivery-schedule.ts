/**
 * When a failed delivery is tried again (`decisions.md` §6): after 1, 2, 4, 8, 16, 32, 64 and 120 units (minutes in
 * production, `WEBHOOK_RETRY_UNIT_MS` each), so nine attempts in all before it is dropped.
 */
export const RETRY_UNITS: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 120];

export const MAX_DELIVERY_ATTEMPTS = RETRY_UNITS.length + 1;

/** The wait before the next attempt once `attemptsMade` attempts failed; null when the delivery is to be dropped. */
export const retryDelayMs = (attemptsMade: number, unitMs: number): number | null => {
  const units = RETRY_UNITS[attemptsMade - 1];
  return units === undefined ? null : units * unitMs;
};
