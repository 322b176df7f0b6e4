import { closed, JsonSchema, ref } from '../shared/openapi/json-schema';

/** The answers of surface A's cart actions, as `actions/cart-views.ts` and the cart actions write them. */

const text: JsonSchema = { type: 'string' };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const productId: JsonSchema = { type: 'integer', minimum: 1, description: "The line's id in the cart; stable" };
const list = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });

/** `name` in US cents and `nameFormatted` beside it. */
const money = (...names: string[]): Record<string, JsonSchema> =>
  Object.fromEntries(
    names.flatMap((name) => [
      [name, { ...count, description: 'US cents' }],
      [`${name}Formatted`, { type: 'string', description: 'As a person reads it: $12.34' }],
    ]),
  );
const moneyKeys = (...names: string[]): string[] => names.flatMap((name) => [name, `${name}Formatted`]);

const ITEM_MONEY = ['originalPrice', 'discountAmount', 'price', 'addedPrice'];
const CART_ITEM = closed(
  [
    'productId',
    'productType',
    'productCode',
    'domain',
    'quantity',
    ...moneyKeys(...ITEM_MONEY),
    'promoCreditsApplied',
    'accountBalanceApplied',
    'salesTax',
    'fees',
    'available',
    'priceChanged',
  ],
  {
    productId,
    productType: { enum: ['Domain', 'DomainRenewal', 'ExtmarketA', 'ExtmarketB'] },
    productCode: { type: 'string', description: 'What is sold, by TLD: domain-registration-com, domain-renewal-io...' },
    domain: { type: 'string', description: 'As stored: lowercase, IDNs as A-labels' },
    unicodeDomain: { type: 'string', description: 'The Unicode form of an IDN' },
    quantity: { type: 'integer', minimum: 1, maximum: 10, description: 'Years; 1 for a purchase' },
    ...money(...ITEM_MONEY),
    promoCreditsApplied: count,
    accountBalanceApplied: count,
    salesTax: count,
    fees: list({ type: 'object' }),
    available: { type: 'boolean', description: 'false: it cannot be bought now (see unavailableReason)' },
    unavailableReason: text,
    priceChanged: { type: 'boolean', description: 'Its price now differs from addedPrice, its price when added' },
  },
);

const PRICING_MONEY = [
  'subtotal',
  'discounts',
  'preTaxAmountDue',
  'salesTax',
  'totalOrderValue',
  'accountBalanceUsed',
  'promoCreditsUsed',
  'storeCreditsUsed',
  'aiCreditsUsed',
  'totalAmountDue',
];

const CART_SUMMARY: Record<string, JsonSchema> = { itemCount: count, ...money('subtotal', 'totalAmountDue') };
const CART_SUMMARY_KEYS = ['itemCount', ...moneyKeys('subtotal', 'totalAmountDue')];

const additions = (name: string, more: Record<string, JsonSchema> = {}): JsonSchema =>
  closed([name, 'successCount', 'failureCount', 'cart'], {
    [name]: list(
      closed(['domain', 'success'], {
        domain: text,
        success: { type: 'boolean' },
        productId,
        error: { type: 'string', description: 'Why the name was not added' },
        ...more,
      }),
    ),
    successCount: count,
    failureCount: count,
    cart: closed(CART_SUMMARY_KEYS, CART_SUMMARY),
  });

const listed = additions('addedProducts', { price: { type: 'string', description: "The seller's price, formatted" } });

export const cartSchemas = (): Record<string, JsonSchema> => ({
  CartItem: CART_ITEM,
  CartResponse: closed(
    [
      'items',
      'itemCount',
      ...moneyKeys('subtotal', 'totalDiscounts', 'totalAmountDue'),
      'discounts',
      'discountCode',
      'pricing',
    ],
    {
      items: list(ref('CartItem')),
      itemCount: count,
      ...money('subtotal', 'totalDiscounts', 'totalAmountDue'),
      discounts: list(
        closed(['amount', 'amountFormatted', 'type', 'title', 'code', 'productIds'], {
          ...money('amount'),
          type: { const: 'promo_code' },
          title: text,
          code: text,
          productIds: list(productId),
        }),
      ),
      discountCode: { anyOf: [text, { type: 'null' }], description: 'The promo code the cart is priced with' },
      pricing: closed([...moneyKeys(...PRICING_MONEY), 'taxRate'], {
        ...money(...PRICING_MONEY),
        taxRate: { type: 'number', minimum: 0, description: 'Percent: 8.875 is 8.875%' },
      }),
    },
  ),
  AddToCartResponse: additions('addedProducts'),
  AddExtmarketADomainToCartResponse: listed,
  AddExtmarketBDomainToCartResponse: listed,
  AddDomainRenewalToCartResponse: additions('addedRenewals', {
    renewalPeriodYears: { type: 'integer', minimum: 1, maximum: 10 },
  }),
  RemoveFromCartResponse: closed(['removedProductIds', 'removedCount', 'cart'], {
    removedProductIds: list(productId),
    removedCount: count,
    cart: closed([...CART_SUMMARY_KEYS, 'items'], { ...CART_SUMMARY, items: list(ref('CartItem')) }),
  }),
});
