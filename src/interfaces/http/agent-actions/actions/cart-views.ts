import { PricedCart, QuotedLine } from '../../../../application/commerce/cart-view.query';
import { ProductKind } from '../../../../domain/commerce/cart-pricing';
import { formattedUsd } from '../../../../domain/shared/price';
import { unicodeFormOf } from '../../../../domain/shared/idna';

/**
 * The cart as surface A shows it: the reference's `CartResponse` fields (`agent-actions.openapi.json`) with the
 * twins `decisions.md` §1 adds, money in cents with a `*Formatted` twin each.
 */

const PRODUCT: Readonly<Record<ProductKind, { type: string; code: (tld: string) => string }>> = {
  REGISTRATION: { type: 'Domain', code: (tld) => `domain-registration-${tld}` },
  RENEWAL: { type: 'DomainRenewal', code: (tld) => `domain-renewal-${tld}` },
  LISTED: { type: 'DomainListed', code: (tld) => `service-listing-${tld}` },
  EXTMARKET_A: { type: 'ExtmarketA', code: (tld) => `extmarket_a-listing-${tld}` },
  EXTMARKET_B: { type: 'ExtmarketB', code: (tld) => `extmarket_b-listing-${tld}` },
};

/** An amount and its formatted twin, under `name` and `nameFormatted`. */
export const money = <Name extends string>(name: Name, cents: number) =>
  ({ [name]: cents, [`${name}Formatted`]: formattedUsd(cents) }) as Record<Name, number> &
    Record<`${Name}Formatted`, string>;

const itemOf = ({ line, offer }: QuotedLine, pricing: PricedCart['pricing']) => {
  const tld = line.domain.slice(line.domain.lastIndexOf('.') + 1);
  const unicode = unicodeFormOf(line.domain);
  const priced = pricing.lines.find((entry) => entry.productId === line.productId);
  const available = 'priceCents' in offer;
  return {
    productId: line.productId,
    productType: PRODUCT[line.kind].type,
    productCode: PRODUCT[line.kind].code(tld),
    domain: line.domain,
    ...(unicode !== line.domain ? { unicodeDomain: unicode } : {}),
    quantity: line.quantity,
    ...money('originalPrice', priced?.originalPriceCents ?? line.addedPriceCents),
    ...money('discountAmount', priced?.discountCents ?? 0),
    ...money('price', priced?.priceCents ?? 0),
    promoCreditsApplied: priced?.promoCreditsCents ?? 0,
    accountBalanceApplied: priced?.accountBalanceCents ?? 0,
    salesTax: priced?.salesTaxCents ?? 0,
    fees: [],
    available,
    ...(available ? {} : { unavailableReason: offer.problem }),
    // a price re-quoted since the line went in says so, with what it was then
    priceChanged: available && offer.priceCents !== line.addedPriceCents,
    ...money('addedPrice', line.addedPriceCents),
  };
};

export const cartItemsOf = (cart: PricedCart) => cart.lines.map((quoted) => itemOf(quoted, cart.pricing));

/** `svc_cart_get`'s answer. */
export const cartViewOf = (cart: PricedCart) => {
  const { pricing } = cart;
  return {
    items: cartItemsOf(cart),
    itemCount: cart.lines.length,
    ...money('subtotal', pricing.subtotalCents),
    discounts: pricing.discounts.map((discount) => ({
      ...money('amount', discount.amountCents),
      type: 'promo_code',
      title: discount.title,
      code: discount.code,
      productIds: discount.productIds,
    })),
    ...money('totalDiscounts', pricing.discountCents),
    discountCode: cart.discountCode,
    pricing: {
      ...money('subtotal', pricing.subtotalCents),
      ...money('discounts', pricing.discountCents),
      ...money('preTaxAmountDue', pricing.preTaxAmountDueCents),
      ...money('salesTax', pricing.salesTaxCents),
      // a percentage, as the reference gives it: 8.875 is 8.875%
      taxRate: pricing.taxRatePpm / 10_000,
      ...money('totalOrderValue', pricing.preTaxAmountDueCents + pricing.salesTaxCents),
      ...money('accountBalanceUsed', pricing.accountBalanceUsedCents),
      ...money('promoCreditsUsed', pricing.promoCreditsUsedCents),
      // kinds of credit the service does not give: always none, kept for clients of the reference
      ...money('storeCreditsUsed', 0),
      ...money('aiCreditsUsed', 0),
      ...money('totalAmountDue', pricing.totalAmountDueCents),
    },
    ...money('totalAmountDue', pricing.totalAmountDueCents),
  };
};

/** The short cart that the add and remove actions answer with. */
export const cartSummaryOf = (cart: PricedCart) => ({
  itemCount: cart.lines.length,
  ...money('subtotal', cart.pricing.subtotalCents),
  ...money('totalAmountDue', cart.pricing.totalAmountDueCents),
});
