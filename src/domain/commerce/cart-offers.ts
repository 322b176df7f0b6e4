import { DnsAvailability } from '../dns-domains/dns-availability';
import { dnsPriceOf, TldPrices } from '../dns-domains/dns-pricing';
import { RenewalIneligibility, RenewalTerms } from '../dns-domains/renewal-decision';
import { Price } from '../shared/price';
import { ListedSale } from '../marketplace/listed-purchase';
import { ProductKind } from './cart-pricing';

/**
 * What one cart line of a name costs now, or why the name cannot be bought that way now: decided from the registry's
 * and the marketplaces' answers each time a line is added and each time the cart is read, so that a price that
 * moved or a name that went is seen before checkout, never at it.
 */
export type CartOffer =
  | {
      readonly priceCents: number;
      /** A name listed on our marketplace: the sale checkout places. */
      readonly sale?: ListedSale;
    }
  | { readonly problem: string };

/** Years a registration or renewal line may ask for, whatever the TLD (`interface-spec.md` Limits). */
export const CART_MAX_YEARS = 10;

/** The registry's availability statuses, as a person reads them in a refusal. */
const AVAILABILITY_TOLD: Readonly<Record<DnsAvailability['status'], string>> = {
  AVAILABLE: 'available',
  AVAILABLE_BACKORDER: 'deleted and not yet released by the registry',
  REGISTERED: 'registered to someone else',
  PROTECTED: 'protected by the registry',
  COMING_SOON: 'under a TLD that has not opened yet',
  DISALLOWED: 'not one the service can register',
  RESERVED: 'reserved by the registry',
  AVAILABLE_FROM_SELLER: 'registered and sold by its owner on a marketplace',
  EXCEEDS_PRICE_LIMIT: 'priced above what one registration may cost here',
  REGISTRATION_PENDING: 'being registered by another order',
};

const RENEWAL_TOLD: Readonly<Record<RenewalIneligibility, string>> = {
  RENEW_PROHIBITED: 'its renew lock is on',
  PENDING_TRANSFER: 'it is being transferred',
  PENDING_DELETE: 'the registry is deleting it',
  MAXIMUM_TERM: 'it is already registered for as long ahead as the registry allows',
  NOT_SOLD: 'its TLD is not sold here any more',
};

const SELLER_TOLD: Readonly<Record<Exclude<ProductKind, 'REGISTRATION' | 'RENEWAL' | 'LISTED'>, string>> = {
  EXTMARKET_A: 'extmarket_a',
  EXTMARKET_B: 'extmarket_b',
};

const yearsTold = (min: number, max: number): string =>
  min === max ? `${min} year${min === 1 ? '' : 's'}` : `${min} to ${max} years`;

/** A fresh registration for `years`: only a name the registry would register now, for a period its TLD takes. */
export const registrationOfferOf = (
  name: string,
  availability: DnsAvailability,
  prices: TldPrices | undefined,
  years: number,
): CartOffer => {
  const { status, period, price } = availability;
  if (status !== 'AVAILABLE' || !period || !prices || !price)
    return { problem: `${name} cannot be registered: it is ${AVAILABILITY_TOLD[status]}` };
  const max = Math.min(period.max, CART_MAX_YEARS);
  if (years < period.min || years > max)
    return { problem: `${name} registers for ${yearsTold(period.min, max)}, not ${years}` };
  const premiumCents = price.type === 'PREMIUM' ? price.listPriceCents : null;
  return { priceCents: dnsPriceOf('REGISTRATION', prices, { years, premiumCents }).subTotalCents };
};

/** A registered name its owner sells on the external marketplace `seller`, at the owner's price. */
export const sellerOfferOf = (
  name: string,
  availability: DnsAvailability,
  seller: keyof typeof SELLER_TOLD,
): CartOffer => {
  if (availability.status !== 'AVAILABLE_FROM_SELLER' || availability.source !== seller || !availability.price)
    return { problem: `${name} is not listed for sale on ${SELLER_TOLD[seller]}` };
  return { priceCents: availability.price.subTotalCents };
};

/**
 * A renewal of one of the user's names for `years`, from its current expiry: refused while the registry would refuse
 * it, and past the years it may still be renewed for. `price` is that of `years` (with a restoration in redemption).
 */
export const renewalOfferOf = (
  name: string,
  terms: RenewalTerms,
  price: Price | undefined,
  years: number,
): CartOffer => {
  if (!terms.isEligible || !price)
    return {
      problem: `${name} cannot be renewed now: ${terms.reasons.map((reason) => RENEWAL_TOLD[reason]).join('; ')}`,
    };
  const max = Math.min(terms.period.max, CART_MAX_YEARS);
  if (years > max) return { problem: `${name} can be renewed for ${yearsTold(1, max)} now, not ${years}` };
  return { priceCents: price.subTotalCents };
};
