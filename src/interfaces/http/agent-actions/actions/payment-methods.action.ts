import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetPaymentMethods, PaymentMethods } from '../../../../application/commerce/payment-methods.query';
import { Principal } from '../../../../application/identity/authenticator';
import { formattedUsd } from '../../../../domain/shared/price';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { EmptyActionBody } from './action-bodies.dto';
import { pricedCartOf } from './cart.actions';
import { money } from './cart-views';

/** An amount as the reference's payment methods show it, with `decisions.md` §1's `formatted` beside. */
const amountOf = (cents: number) => ({ ...money('amount', cents), formatted: formattedUsd(cents) });

@Injectable()
export class PaymentMethodsAction implements AgentActionHandler<EmptyActionBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_get_payment_methods',
    title: 'Show what the user can pay with',
    description:
      "The user's saved cards (brand, last 4 digits, expiry; the default is the latest one not expired), account balance, promo credits and AI credit balance, and whether the cart can be checked out now (something to buy, and a valid card or enough balance and credits for it). Pass a card's id as svc_cart_checkout's paymentMethodId; svc_cart_add_payment_method_url gives a page to add one. `sandbox: true`: no real money moves.",
    body: EmptyActionBody,
    access: { scope: 'cart:read' },
    effects: { readOnly: true, idempotent: true, openWorld: true },
    answer: 'PaymentMethodsResponse',
  };

  constructor(private readonly queries: QueryBus) {}

  async run(_body: EmptyActionBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const [methods, cart]: [PaymentMethods, Awaited<ReturnType<typeof pricedCartOf>>] = await Promise.all([
      this.queries.execute(new GetPaymentMethods(accountId)),
      pricedCartOf(this.queries, accountId),
    ]);
    const { balanceCents, promoCreditsCents } = methods.funds;
    const validCards = methods.cards.filter((card) => !card.isExpired);
    const buyable = cart.pricing.lines.length > 0;
    const canCheckout = buyable && (cart.pricing.totalAmountDueCents === 0 || validCards.length > 0);
    return {
      savedCards: methods.cards.map(({ id, brand, last4, expMonth, expYear, isExpired, isDefault }) => ({
        id,
        brand,
        last4,
        expMonth,
        expYear,
        isExpired,
        isDefault,
      })),
      accountBalance: amountOf(balanceCents),
      promoCredits: amountOf(promoCreditsCents),
      // the service sells no AI credits: none to spend, kept for clients of decisions.md §1
      aiCredits: { balance: 0, balanceFormatted: formattedUsd(0) },
      summary: {
        hasValidCards: validCards.length > 0,
        validCardCount: validCards.length,
        hasAccountBalance: balanceCents > 0,
        hasPromoCredits: promoCreditsCents > 0,
        ...money('totalCredits', balanceCents + promoCreditsCents),
        canCheckout,
      },
      canCheckout,
      sandbox: methods.sandbox,
    };
  }
}
