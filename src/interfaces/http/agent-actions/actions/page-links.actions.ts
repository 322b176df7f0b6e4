import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CardProcessor } from '../../../../application/commerce/card-processor.port';
import { IssuedPageLink, IssuePageLink } from '../../../../application/commerce/page-links';
import { ResellerSettings } from '../../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../../application/identity/authenticator';
import { PAGE_LINK_TTL_MS } from '../../../../domain/commerce/page-link';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { EmptyActionBody } from './action-bodies.dto';
import { CartGetBody } from './cart-bodies.dto';
import { pricedCartOf } from './cart.actions';
import { cartItemsOf, money } from './cart-views';

const EXPIRES_IN_SECONDS = PAGE_LINK_TTL_MS / 1000;

@Injectable()
export class AddPaymentMethodUrlAction implements AgentActionHandler<EmptyActionBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_add_payment_method_url',
    title: 'Get a link for the user to add a card',
    description:
      "A single-use link, valid 15 minutes, to a page of the service where the person types a card; the card is then among svc_cart_get_payment_methods' savedCards. Give the link to the person: never ask for card numbers in the conversation.",
    body: EmptyActionBody,
    access: { scope: 'cart:write' },
    effects: { readOnly: false },
    answer: 'AddPaymentMethodUrlResponse',
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly settings: ResellerSettings,
    private readonly processor: CardProcessor,
  ) {}

  async run(_body: EmptyActionBody, caller: Principal | undefined) {
    const issued: IssuedPageLink = await this.commands.execute(
      new IssuePageLink(callerOf(caller).accountId, 'ADD_CARD', null),
    );
    return {
      url: `${this.settings.publicUrl}/pay/card?link=${issued.token}`,
      expiresIn: EXPIRES_IN_SECONDS,
      expiresAt: new Date(issued.expiresAt).toISOString(),
      instructions:
        'Send this link to the person: it opens a page where they add a card, works once, and expires in 15 minutes. Then call svc_cart_get_payment_methods to see the card.',
      sandbox: this.processor.sandbox,
    };
  }
}

@Injectable()
export class CartGetUrlAction implements AgentActionHandler<CartGetBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_get_url',
    title: 'Get a link for the user to check out in a browser',
    description:
      "A single-use link, valid 15 minutes, to a checkout page of the service showing the user's cart priced now (with discountCode when given), where the person chooses a card and pays. Use it when the person wants to pay themselves, or when a card needs the person to authenticate.",
    body: CartGetBody,
    access: { scope: 'cart:read' },
    effects: { readOnly: false, openWorld: true },
    answer: 'CheckoutUrlResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly settings: ResellerSettings,
    private readonly processor: CardProcessor,
  ) {}

  async run(body: CartGetBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    // priced first: a code that does not apply is refused before a link is made for it
    const cart = await pricedCartOf(this.queries, accountId, body.discountCode);
    const issued: IssuedPageLink = await this.commands.execute(
      new IssuePageLink(accountId, 'CHECKOUT', cart.discountCode),
    );
    const url = `${this.settings.publicUrl}/pay/checkout?link=${issued.token}`;
    return {
      checkoutUrl: url,
      url,
      expiresIn: EXPIRES_IN_SECONDS,
      expiresAt: new Date(issued.expiresAt).toISOString(),
      cartSummary: {
        itemCount: cart.lines.length,
        ...money('subtotal', cart.pricing.subtotalCents),
        ...money('totalAmountDue', cart.pricing.totalAmountDueCents),
        items: cartItemsOf(cart),
      },
      discountCode: cart.discountCode,
      instructions:
        'Send this link to the person: it opens a checkout page with the cart, works until the order is paid, and expires in 15 minutes.',
      sandbox: this.processor.sandbox,
    };
  }
}
