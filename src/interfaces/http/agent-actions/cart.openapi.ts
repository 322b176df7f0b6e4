import { closed, count, JsonSchema, list, ref, text } from '../shared/openapi/json-schema';

/** The answers of surface A's cart actions, as `actions/cart-views.ts` and the cart actions write them. */

const productId: JsonSchema = { type: 'integer', minimum: 1, description: "The line's id in the cart; stable" };

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
    productType: { enum: ['Domain', 'DomainRenewal', 'DomainListed', 'ExtmarketA', 'ExtmarketB'] },
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

const SUMMARY_MONEY = ['subtotal', 'discounts', 'creditsUsed', 'salesTax', 'totalCharged'];

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

const listedOnOurs = additions('addedProducts', {
  purchaseType: { enum: ['buy_now', 'lease_to_own'] },
  listingPrice: { type: 'string', description: 'The whole price agreed, formatted' },
  listingPriceCents: { ...count, description: 'The whole price agreed, in US cents' },
  dueNow: { type: 'string', description: 'What checkout charges for it: the price, or the first payment of a lease' },
  monthlyPayment: { type: 'string', description: 'A lease: each monthly payment after the first, formatted' },
  termLength: { type: 'integer', minimum: 2, maximum: 120, description: 'A lease: monthly payments' },
});

const AMOUNT = closed(['amount', 'amountFormatted', 'formatted'], {
  ...money('amount'),
  formatted: { type: 'string', description: 'The same as amountFormatted' },
});

const SANDBOX: JsonSchema = {
  type: 'boolean',
  description: 'true: payments are make-believe (the embedded sandbox processor, or Stripe in test mode)',
};

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
      'sandbox',
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
      sandbox: SANDBOX,
    },
  ),
  AddToCartResponse: additions('addedProducts'),
  AddListedDomainToCartResponse: listedOnOurs,
  AddExtmarketADomainToCartResponse: listed,
  AddExtmarketBDomainToCartResponse: listed,
  AddDomainRenewalToCartResponse: additions('addedRenewals', {
    renewalPeriodYears: { type: 'integer', minimum: 1, maximum: 10 },
  }),
  PaymentMethodsResponse: closed(
    ['savedCards', 'accountBalance', 'promoCredits', 'aiCredits', 'summary', 'canCheckout', 'sandbox'],
    {
      savedCards: list(
        closed(['id', 'brand', 'last4', 'expMonth', 'expYear', 'isExpired', 'isDefault'], {
          id: {
            type: 'string',
            description: "The processor's id of the saved card: svc_cart_checkout's paymentMethodId",
          },
          brand: { enum: ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners', 'unknown'] },
          last4: { type: 'string', pattern: '^[0-9]{4}$' },
          expMonth: { type: 'integer', minimum: 1, maximum: 12 },
          expYear: { type: 'integer', minimum: 2000 },
          isExpired: { type: 'boolean' },
          isDefault: { type: 'boolean', description: 'The latest saved card that has not expired' },
        }),
      ),
      accountBalance: AMOUNT,
      promoCredits: AMOUNT,
      aiCredits: closed(['balance', 'balanceFormatted'], money('balance')),
      summary: closed(
        [
          'hasValidCards',
          'validCardCount',
          'hasAccountBalance',
          'hasPromoCredits',
          ...moneyKeys('totalCredits'),
          'canCheckout',
        ],
        {
          hasValidCards: { type: 'boolean' },
          validCardCount: count,
          hasAccountBalance: { type: 'boolean' },
          hasPromoCredits: { type: 'boolean' },
          ...money('totalCredits'),
          canCheckout: { type: 'boolean' },
        },
      ),
      canCheckout: {
        type: 'boolean',
        description: 'The cart has something to buy, and a valid card or enough balance and credits to pay for it',
      },
      sandbox: SANDBOX,
    },
  ),
  CheckoutResponse: closed(
    [
      'success',
      'orderId',
      'orderReference',
      'status',
      'summary',
      'operations',
      'lines',
      'nextAction',
      'note',
      'sandbox',
    ],
    {
      success: { type: 'boolean', description: 'The order is paid; false: nothing was charged (see error)' },
      orderId: { type: 'integer', minimum: 0, description: "The order's number" },
      orderReference: { type: 'string', pattern: '^ord-', description: "The order's id (ord-<uuid>)" },
      status: { enum: ['PAID', 'PAYMENT_FAILED'] },
      paymentReference: { type: 'string', description: "The card processor's id of the payment" },
      error: { type: 'string', description: 'Why it was not paid: the decline reason, or authentication_required' },
      summary: closed(['itemCount', 'domains', ...moneyKeys(...SUMMARY_MONEY), 'paymentMethod'], {
        itemCount: count,
        domains: list(text),
        ...money(...SUMMARY_MONEY),
        paymentMethod: { type: 'string', description: '`visa ending 4242`, `account balance` or `promo credits`' },
      }),
      operations: list(
        closed(['id', 'domain', 'type'], {
          id: { type: 'string', description: 'The operation delivering the line' },
          domain: text,
          type: {
            enum: ['registration', 'renewal', 'marketplace purchase', 'extmarket_a purchase', 'extmarket_b purchase'],
          },
        }),
      ),
      lines: list(
        closed(['productId', 'domain', 'status'], {
          productId,
          domain: text,
          status: { enum: ['WAITING', 'DELIVERING', 'DELIVERED', 'FAILED'] },
          error: { type: 'string', description: 'Why it was not delivered; it is refunded' },
        }),
      ),
      nextAction: { type: 'string', description: 'What the agent should do next' },
      note: text,
      sandbox: SANDBOX,
    },
  ),
  AutoRenewalUpdateResponse: closed(['results', 'successCount', 'failureCount'], {
    results: list(
      closed(['domain', 'success'], {
        domain: text,
        success: { type: 'boolean' },
        error: { type: 'string', description: 'Why it was not changed' },
      }),
    ),
    successCount: count,
    failureCount: count,
  }),
  AddPaymentMethodUrlResponse: closed(['url', 'expiresIn', 'expiresAt', 'instructions', 'sandbox'], {
    url: { type: 'string', format: 'uri', description: 'The add-a-card page; works once' },
    expiresIn: { type: 'integer', minimum: 1, description: 'Seconds the link works for' },
    expiresAt: { type: 'string', format: 'date-time' },
    instructions: text,
    sandbox: SANDBOX,
  }),
  CheckoutUrlResponse: closed(
    ['checkoutUrl', 'url', 'expiresIn', 'expiresAt', 'cartSummary', 'discountCode', 'instructions', 'sandbox'],
    {
      checkoutUrl: { type: 'string', format: 'uri', description: 'The checkout page; works until the order is paid' },
      url: { type: 'string', format: 'uri', description: 'The same as checkoutUrl' },
      expiresIn: { type: 'integer', minimum: 1, description: 'Seconds the link works for' },
      expiresAt: { type: 'string', format: 'date-time' },
      cartSummary: closed([...CART_SUMMARY_KEYS, 'items'], { ...CART_SUMMARY, items: list(ref('CartItem')) }),
      discountCode: { anyOf: [text, { type: 'null' }] },
      instructions: text,
      sandbox: SANDBOX,
    },
  ),
  RemoveFromCartResponse: closed(['removedProductIds', 'removedCount', 'cart'], {
    removedProductIds: list(productId),
    removedCount: count,
    cart: closed([...CART_SUMMARY_KEYS, 'items'], { ...CART_SUMMARY, items: list(ref('CartItem')) }),
  }),
});
