import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CardProcessor } from '../../../../application/commerce/card-processor.port';
import { CheckoutAsked, CheckoutCart } from '../../../../application/commerce/checkout.command';
import { GetResellerContact, StoredContact } from '../../../../application/dns-domains/contact.queries';
import { Principal } from '../../../../application/identity/authenticator';
import { Order, orderNumberOf, PlacedOrder } from '../../../../domain/commerce/order';
import { Refused } from '../../../../domain/shared/errors';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { latestContactOf } from './buyer-contact';
import { CheckoutBody } from './cart-bodies.dto';
import { money } from './cart-views';

const DELIVERY: Readonly<Record<string, string>> = {
  REGISTRATION: 'registration',
  RENEWAL: 'renewal',
  LISTED: 'marketplace purchase',
  EXTMARKET_A: 'extmarket_a purchase',
  EXTMARKET_B: 'extmarket_b purchase',
};

/** The registrant checkout names: the contact asked for (the account's, in use), else the most recent one. */
const buyerContactOf = async (
  queries: QueryBus,
  accountId: string,
  contactId: string | undefined,
): Promise<CheckoutAsked['contact']> => {
  if (contactId === undefined) return latestContactOf(queries, accountId);
  const contact: StoredContact | undefined = await queries.execute(new GetResellerContact(accountId, contactId));
  // another account's contact is told like one that does not exist
  if (!contact) throw new Refused('VALIDATION', `contactId: ${contactId} is not a contact of this account`);
  if (contact.disabledAt !== null) throw new Refused('VALIDATION', `contactId: ${contactId} is disabled`);
  return { id: contact.id, place: contact.details };
};

const nextActionOf = (order: PlacedOrder): string => {
  if (order.status !== 'PAID')
    return order.failure === 'authentication_required'
      ? 'The card needs the person to authenticate the payment: give them svc_cart_get_url to check out in their browser, or ask for another card.'
      : 'Nothing was charged and the cart is as it was: ask the person for another card (svc_cart_add_payment_method_url) or to top up their balance, then call svc_cart_checkout again.';
  const domains = order.lines.map((state) => state.line.domain);
  return `Paid. Each name is delivered by its operation (registrations and renewals in seconds; a name bought on an external marketplace arrives by transfer, which takes days). Call svc_domain_get with ${JSON.stringify(domains)} until pendingOperations is empty, then manage the names with svc_domain_get and the portfolio actions.`;
};

@Injectable()
export class CheckoutAction implements AgentActionHandler<CheckoutBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_checkout',
    title: 'Check out the cart',
    description:
      "Buys everything in the user's cart at the prices svc_cart_get shows: the account balance pays first (unless useAccountBalance is false), then promo credits, then the card paymentMethodId (required when they do not cover the total: a saved card's id, or in the sandbox a test PaymentMethod id such as pm_card_visa). contactId is the registrant (default: the most recent contact). A declined card charges nothing and leaves the cart as it was (success:false and why). Send an Idempotency-Key header to make a retry safe. On success each line is delivered by an operation; nextAction says what to do next.",
    body: CheckoutBody,
    access: { scope: 'checkout' },
    effects: { readOnly: false, openWorld: true },
    answer: 'CheckoutResponse',
    keyed: true,
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly processor: CardProcessor,
  ) {}

  async run(body: CheckoutBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const contact = await buyerContactOf(this.queries, accountId, body.contactId);
    const order: Order = await this.commands.execute(
      new CheckoutCart(accountId, {
        paymentMethodId: body.paymentMethodId,
        useAccountBalance: body.useAccountBalance ?? true,
        discountCode: body.discountCode,
        contact,
      }),
    );
    if (order.status === 'NONE') throw new Error('checkout answered without an order');
    return this.answerOf(accountId, order);
  }

  private async answerOf(accountId: string, order: PlacedOrder) {
    const { orderId, totals, lines, paymentMethodId } = order.placed;
    const card = paymentMethodId
      ? (await this.processor.savedCards(accountId)).find((saved) => saved.id === paymentMethodId)
      : undefined;
    const paymentMethod = card
      ? `${card.brand} ending ${card.last4}`
      : totals.balanceCents > 0
        ? 'account balance'
        : 'promo credits';
    const paid = order.status === 'PAID';
    return {
      success: paid,
      orderId: orderNumberOf(orderId),
      orderReference: orderId,
      status: order.status,
      ...(order.paymentId ? { paymentReference: order.paymentId } : {}),
      ...(paid ? {} : { error: order.failure ?? 'not paid' }),
      summary: {
        itemCount: lines.length,
        domains: lines.map((line) => line.domain),
        ...money('subtotal', totals.subtotalCents),
        ...money('discounts', totals.discountCents),
        ...money('creditsUsed', totals.balanceCents + totals.promoCreditsCents),
        ...money('salesTax', totals.salesTaxCents),
        ...money('totalCharged', paid ? totals.cardCents : 0),
        paymentMethod,
      },
      operations: order.lines.flatMap((state) =>
        state.operationId === null
          ? []
          : [{ id: state.operationId, domain: state.line.domain, type: DELIVERY[state.line.kind] }],
      ),
      lines: order.lines.map((state) => ({
        productId: state.line.productId,
        domain: state.line.domain,
        status: state.status,
        ...(state.failure ? { error: state.failure } : {}),
      })),
      nextAction: nextActionOf(order),
      note: this.processor.sandbox
        ? 'Sandbox: no real money moved and no real card was charged.'
        : paid
          ? 'Charged once for this order; a line that cannot be delivered is refunded to where it was paid from.'
          : 'Nothing was charged.',
      sandbox: this.processor.sandbox,
    };
  }
}
