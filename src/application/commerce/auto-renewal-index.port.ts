/** A name whose auto-renewal is on, as the runner looks for due renewals. */
export interface EnabledAutoRenewal {
  readonly accountId: string;
  readonly name: string;
}

/** The auto-renewals that are on, across accounts (a read model); pages of `limit` after the last one given. */
export abstract class AutoRenewalIndex {
  abstract enabled(after: EnabledAutoRenewal | null, limit: number): Promise<readonly EnabledAutoRenewal[]>;
}
