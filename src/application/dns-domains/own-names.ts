import { Price } from '../../domain/shared/price';
import { AccountName, AccountNames } from './account-names';
import { NameAvailability } from './dns-catalogue';
import { yearlyRenewalPriceOf } from './renew-domain.command';

/** One of the account's names as the domain routes show it, with the parts asked for in `$expand`. */
export interface OwnName {
  readonly mine: AccountName;
  readonly expand: readonly string[];
  /** A year's renewal, read only when `registration` is expanded. */
  readonly renewal: Price | undefined;
}

/** The availabilities of a name the registry holds: only such a name can be the account's. */
const HELD: ReadonlySet<string> = new Set(['REGISTERED', 'AVAILABLE_BACKORDER', 'AVAILABLE_FROM_SELLER']);

/**
 * Which of the names looked up are the account's, in the same order (undefined for the others): only a name the
 * registry holds can be (in pending delete it is `AVAILABLE_BACKORDER` to others), so the others cost no read.
 */
export const ownNamesOf = (
  names: AccountNames,
  accountId: string,
  found: readonly NameAvailability[],
  expand: readonly string[],
): Promise<(OwnName | undefined)[]> =>
  Promise.all(
    found.map(async ({ name, availability }) => {
      if (!HELD.has(availability.status)) return undefined;
      const mine = await names.find(accountId, name);
      if (!mine) return undefined;
      const renewal = expand.includes('registration') ? await yearlyRenewalPriceOf(names, mine) : undefined;
      return { mine, expand, renewal };
    }),
  );
