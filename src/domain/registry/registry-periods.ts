/**
 * The periods of a registry's life cycle (ICANN's registry agreements and the EPP grace period mapping, RFC 3915),
 * as the sandbox registry applies them.
 */
const DAY_MS = 86_400_000;

/** A deletion within this time after creation purges the name at once and refunds the registrar. */
export const ADD_GRACE_MS = 5 * DAY_MS;
/** After expiry the sponsoring registrar may still renew the name as usual. */
export const AUTO_RENEW_GRACE_MS = 45 * DAY_MS;
/** After a deletion (or the auto-renew grace) only a restore brings the name back. */
export const REDEMPTION_MS = 30 * DAY_MS;
/** The last days before the name is purged and can be registered again; nothing changes it any more. */
export const PENDING_DELETE_MS = 5 * DAY_MS;
/** A transfer the losing registrar does not answer is approved after this time. */
export const TRANSFER_AUTO_APPROVE_MS = 5 * DAY_MS;
/** No transfer within this time after a registration or a transfer (ICANN transfer policy). */
export const TRANSFER_LOCK_MS = 60 * DAY_MS;
/** A name is never registered more than this many years ahead. */
export const MAX_VALIDITY_YEARS = 10;

/**
 * `years` calendar years after `at` (UTC), a 29 February landing on the 28th of a year without one, as registries
 * date an anniversary.
 */
export const addYears = (at: number, years: number): number => {
  const date = new Date(at);
  const month = date.getUTCMonth();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  if (date.getUTCMonth() !== month) date.setUTCDate(0);
  return date.getTime();
};

/** The UTC calendar date of `at`, as EPP writes a current expiry date (`2027-03-01`). */
export const calendarDateOf = (at: number): string => new Date(at).toISOString().slice(0, 10);
