import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CartChange, RemoveCartItems } from '../../../../application/commerce/cart.commands';
import { CardProcessor } from '../../../../application/commerce/card-processor.port';
import { GetPricedCart, PricedCart } from '../../../../application/commerce/cart-view.query';
import { Principal } from '../../../../application/identity/authenticator';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { latestTaxPlaceOf } from './buyer-contact';
import { CartGetBody, CartRemoveBody } from './cart-bodies.dto';
import { cartItemsOf, cartSummaryOf, cartViewOf } from './cart-views';

/** The account's cart priced now, taxed where its latest contact is, paid from its balance first. */
export const pricedCartOf = async (queries: QueryBus, accountId: string, discountCode?: string): Promise<PricedCart> =>
  queries.execute(
    new GetPricedCart(accountId, {
      discountCode,
      taxPlace: await latestTaxPlaceOf(queries, accountId),
      useAccountBalance: true,
    }),
  );

@Injectable()
export class CartGetAction implements AgentActionHandler<CartGetBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_get',
    title: 'Show the cart with prices',
    description:
      "The user's cart with every line priced again now (a line whose price moved says priceChanged; a name that can no longer be bought says available:false and why, and is left out of the totals and of checkout), a promo code's discount when discountCode is given, sales tax where the user's latest ICANN contact is, and what the account balance and promo credits pay. Amounts are US cents, each with a *Formatted twin.",
    body: CartGetBody,
    access: { scope: 'cart:read' },
    effects: { readOnly: true, idempotent: true, openWorld: true },
    answer: 'CartResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly processor: CardProcessor,
  ) {}

  async run(body: CartGetBody, caller: Principal | undefined) {
    const cart = await pricedCartOf(this.queries, callerOf(caller).accountId, body.discountCode);
    return { ...cartViewOf(cart), sandbox: this.processor.sandbox };
  }
}

@Injectable()
export class CartRemoveAction implements AgentActionHandler<CartRemoveBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_remove',
    title: 'Remove lines from the cart',
    description:
      "Takes lines out of the user's cart by their productId (from svc_cart_get's items). Ids the cart does not hold are ignored; removedProductIds says which went.",
    body: CartRemoveBody,
    access: { scope: 'cart:write' },
    effects: { readOnly: false, destructive: true, idempotent: true },
    answer: 'RemoveFromCartResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async run(body: CartRemoveBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const removed: CartChange<number> = await this.commands.execute(new RemoveCartItems(accountId, body.productIds));
    const cart = await pricedCartOf(this.queries, accountId);
    return {
      removedProductIds: removed.outcomes,
      removedCount: removed.outcomes.length,
      cart: { ...cartSummaryOf(cart), items: cartItemsOf(cart) },
    };
  }
}
