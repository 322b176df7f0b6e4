import { Address, ZERO_ADDRESS } from '../chains/blockchain';
import { ParsedWeb3Name } from './names';
import { Price } from '../shared/price';
import { PricingOptions, priceOf } from './pricing';

/** `Domain.availability` of surface C (`decisions.md` §3): a price only when the name can be claimed. */
export const AVAILABILITY_STATUSES = [
  'AVAILABLE',
  'REGISTERED',
  'PROTECTED',
  'RESERVED',
  'DISALLOWED',
  'COMING_SOON',
] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
export type Availability =
  | Readonly<{ status: 'AVAILABLE'; price: Price }>
  | Readonly<{ status: Exclude<AvailabilityStatus, 'AVAILABLE'>; price?: undefined }>;

export type AvailabilityInput = Readonly<{
  /**
   * The name parsed against the supported endings and the coming-soon ones, so that a name under a coming-soon
   * ending parses and answers COMING_SOON; a name that does not parse is DISALLOWED.
   */
  parsed: ParsedWeb3Name;
  comingSoonTlds: readonly string[];
  /** The token's owner on chain; null when the name was never minted. */
  onChainOwner: Address | null;
  /** The service's own wallet: a name it holds (returned, or minted ahead) can be claimed again. */
  serviceAddress: Address;
  /** An unfinished claim operation of any account holds the name. */
  heldByOpenClaim: boolean;
  pricing?: PricingOptions;
}>;

/**
 * Labels that software treats specially or that exist only to deceive: never claimable by anyone, under any
 * ending (RFC 6761 special-use names, values naive clients print for a missing field, fraud vocabulary).
 */
export const DISALLOWED_LABELS: ReadonlySet<string> = new Set([
  'example',
  'invalid',
  'local',
  'onion',
  'null',
  'undefined',
  'nan',
  'scam',
  'phishing',
  'fraud',
]);

/** Kept for the service's own operation and support channels, so that no claimant can pose as it. */
export const RESERVED_LABELS: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'root',
  'www',
  'support',
  'help',
  'api',
  'mail',
  'email',
  'test',
  'localhost',
  'ns1',
  'ns2',
  'ftp',
  'smtp',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
  'security',
  'status',
  'billing',
  'account',
  'login',
]);

/** Well-known brands, held back for their owners to claim through a separate verification, not over this API. */
export const PROTECTED_LABELS: ReadonlySet<string> = new Set([
  'google',
  'apple',
  'amazon',
  'microsoft',
  'tesla',
  'nike',
  'coinbase',
  'binance',
  'opensea',
  'metamask',
  'facebook',
  'instagram',
  'youtube',
  'twitter',
  'netflix',
  'paypal',
  'visa',
  'mastercard',
  'samsung',
  'disney',
  'spotify',
  'uniswap',
  'ledger',
  'kraken',
]);

/** The status a label has under every ending because of the lists above, if any. */
export const listedStatusOf = (label: string): 'DISALLOWED' | 'PROTECTED' | 'RESERVED' | undefined => {
  if (DISALLOWED_LABELS.has(label)) return 'DISALLOWED';
  if (PROTECTED_LABELS.has(label)) return 'PROTECTED';
  if (RESERVED_LABELS.has(label)) return 'RESERVED';
  return undefined;
};

// some registries answer the zero address for a burned or never-minted token rather than reverting
const isMinted = (owner: Address | null): owner is Address => owner !== null && owner.toLowerCase() !== ZERO_ADDRESS;

/**
 * Precedence, first match wins: DISALLOWED (can never exist), COMING_SOON (nothing under the ending is open
 * yet), REGISTERED when someone other than the service holds the token (the chain is the fact: a brand that
 * minted its name shows REGISTERED, not PROTECTED), the PROTECTED and RESERVED lists, then REGISTERED while an
 * unfinished claim holds the name. Surface C has no pending status (surface D's REGISTRATION_PENDING), and a
 * second claim would only fail with CONCURRENT_OPERATION, so a held name reads as taken; it reads AVAILABLE
 * again if that claim fails.
 */
export const availabilityOf = (input: AvailabilityInput): Availability => {
  const { parsed, onChainOwner, serviceAddress } = input;
  if (!parsed.ok) return { status: 'DISALLOWED' };
  const listed = listedStatusOf(parsed.label);
  if (listed === 'DISALLOWED') return { status: listed };
  if (input.comingSoonTlds.includes(parsed.tld)) return { status: 'COMING_SOON' };
  if (isMinted(onChainOwner) && onChainOwner.toLowerCase() !== serviceAddress.toLowerCase()) {
    return { status: 'REGISTERED' };
  }
  if (listed) return { status: listed };
  if (input.heldByOpenClaim) return { status: 'REGISTERED' };
  return { status: 'AVAILABLE', price: priceOf(parsed, input.pricing) };
};
