import { RegistryPhase } from '../registry/registry-domain';

/**
 * The names a registry will delete, as `svc_expireds_list` shows them: a name expired but still its holder's to bring
 * back (renewed in its grace period, restored in redemption) is coming; past that, in pending delete, nothing can
 * save it and it drops at its deletion time, for the first backorder to take.
 */
export type DropStatus = 'COMING_SOON' | 'AVAILABLE_BACKORDER';

/** Where a phase puts a name on the drop list; null for a name that is not on it (active, or gone). */
export const dropStatusOf = (phase: RegistryPhase): DropStatus | null => {
  switch (phase) {
    case 'AUTO_RENEW_GRACE':
    case 'REDEMPTION':
      return 'COMING_SOON';
    case 'PENDING_DELETE':
      return 'AVAILABLE_BACKORDER';
    default:
      return null;
  }
};

/** A backorder waits for one drop: the time it names must be the registry's, give or take a minute of clocks. */
export const DROP_TIME_TOLERANCE_MS = 60_000;

/** Why a backorder for a drop at `purgeAt` cannot name `asked`, or null when it names that drop. */
export const dropTimeProblemOf = (asked: number, purgeAt: number): string | null =>
  Math.abs(asked - purgeAt) <= DROP_TIME_TOLERANCE_MS
    ? null
    : `the name drops at ${new Date(purgeAt).toISOString()} (availableAfterTimestamp ${purgeAt}), as svc_expireds_list says`;
