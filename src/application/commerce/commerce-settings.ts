import { RenewalSchedule } from '../../domain/commerce/auto-renewal';

/** What the commerce context's rules depend on, read once from the configuration. */
export class CommerceSettings {
  constructor(
    /** When auto-renewals are ordered and tried again (`AUTO_RENEWAL_*`). */
    readonly renewalSchedule: RenewalSchedule,
    /** How often a worker looks for auto-renewals that are due (`AUTO_RENEWAL_CHECK_MS`). */
    readonly renewalCheckMs: number,
  ) {}
}
