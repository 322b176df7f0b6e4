import { PricedCart } from '../../../application/commerce/cart-view.query';
import { PaymentMethods } from '../../../application/commerce/payment-methods.query';
import { formattedUsd } from '../../../domain/shared/price';

const WHAT: Readonly<Record<string, (years: number) => string>> = {
  REGISTRATION: (years) => `Registration, ${years} year${years === 1 ? '' : 's'}`,
  RENEWAL: (years) => `Renewal, ${years} year${years === 1 ? '' : 's'}`,
  LISTED: () => 'Bought from its owner on our marketplace',
  EXTMARKET_A: () => 'Bought from its owner on extmarket_a',
  EXTMARKET_B: () => 'Bought from its owner on extmarket_b',
};

/** The sandbox's test cards, offered after the person's own: the page is usable without a card saved. */
const SANDBOX_CARDS = [
  { id: 'pm_card_visa', label: 'Sandbox test card: Visa ending 4242 (pays)' },
  { id: 'pm_card_chargeDeclined', label: 'Sandbox test card: Visa ending 0002 (declined)' },
];

/** What the checkout page shows, money already formatted. */
export const checkoutViewOf = (cart: PricedCart, methods: PaymentMethods) => {
  const { pricing } = cart;
  const priceOf = new Map(pricing.lines.map((line) => [line.productId, line.priceCents]));
  const items = cart.lines.map(({ line, offer }) => ({
    domain: line.domain,
    what: WHAT[line.kind](line.quantity),
    price: priceOf.has(line.productId) ? formattedUsd(priceOf.get(line.productId)!) : '-',
    note: 'problem' in offer ? `Cannot be bought now: ${offer.problem}` : null,
  }));
  const totals = [
    { label: 'Subtotal', amount: formattedUsd(pricing.subtotalCents) },
    ...(pricing.discountCents > 0 ? [{ label: 'Discount', amount: `-${formattedUsd(pricing.discountCents)}` }] : []),
    { label: `Sales tax (${pricing.taxRatePpm / 10_000}%)`, amount: formattedUsd(pricing.salesTaxCents) },
    ...(pricing.accountBalanceUsedCents > 0
      ? [{ label: 'From your balance', amount: `-${formattedUsd(pricing.accountBalanceUsedCents)}` }]
      : []),
    ...(pricing.promoCreditsUsedCents > 0
      ? [{ label: 'Promo credits', amount: `-${formattedUsd(pricing.promoCreditsUsedCents)}` }]
      : []),
  ].map((total) => ({ ...total, last: false }));
  const due = formattedUsd(pricing.totalAmountDueCents);
  const saved = methods.cards
    .filter((card) => !card.isExpired)
    .reverse()
    .map((card) => ({
      id: card.id,
      label: `${card.brand.toUpperCase()} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
    }));
  const gone = cart.lines.some(({ offer }) => 'problem' in offer);
  return {
    items,
    totals: [...totals, { label: 'To pay now', amount: due, last: true }],
    due,
    cards: pricing.totalAmountDueCents === 0 ? [] : [...saved, ...(methods.sandbox ? SANDBOX_CARDS : [])],
    balance: methods.funds.balanceCents > 0 ? formattedUsd(methods.funds.balanceCents) : null,
    payable:
      cart.lines.length > 0 && !gone && (pricing.totalAmountDueCents === 0 || saved.length > 0 || methods.sandbox),
    why:
      cart.lines.length === 0
        ? 'The cart is empty.'
        : gone
          ? 'Some names can no longer be bought: ask the agent to remove them, then open a new link.'
          : 'Add a card first: ask the agent for a link to add one.',
  };
};
