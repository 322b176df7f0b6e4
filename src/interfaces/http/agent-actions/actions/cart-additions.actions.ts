import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AddCartItems, CartAskOutcome } from '../../../../application/commerce/cart.commands';
import { CartAsk } from '../../../../application/commerce/cart-quotes';
import { Principal } from '../../../../application/identity/authenticator';
import { ProductKind } from '../../../../domain/commerce/cart-pricing';
import { parseAskedName } from '../../../../domain/shared/names';
import { formattedUsd } from '../../../../domain/shared/price';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import {
  CartAddListedBody,
  CartAddMarketplaceBody,
  CartAddRegistrationBody,
  CartAddRenewalBody,
} from './cart-bodies.dto';
import { LeaseChoice } from '../../../../domain/marketplace/listed-purchase';
import { monthlyPaymentOf } from '../../../../domain/marketplace/lease-plan';
import { pricedCartOf } from './cart.actions';
import { cartSummaryOf } from './cart-views';

interface AskedLine {
  readonly name: string;
  readonly quantity?: number;
  readonly lease?: LeaseChoice;
}

/** One result per name asked, in the order asked: a name that cannot be parsed is told so and the rest go on. */
const addLines = async (
  queries: QueryBus,
  commands: CommandBus,
  accountId: string,
  kind: ProductKind,
  lines: readonly AskedLine[],
) => {
  const parsed = lines.map((line) => ({ asked: line.name, name: parseAskedName(line.name) }));
  const asks: CartAsk[] = [];
  for (const [index, { name }] of parsed.entries())
    if (name.ok) {
      const { quantity, lease } = lines[index];
      asks.push({ kind, name, years: quantity ?? 1, ...(lease ? { lease } : {}) });
    }
  const added: CartAskOutcome[] =
    asks.length === 0 ? [] : [...(await commands.execute(new AddCartItems(accountId, asks))).outcomes];
  const results = parsed.map(({ asked, name }) => {
    if (!name.ok)
      return { domain: asked, success: false as const, error: `${asked} is not a domain name: ${name.reason}` };
    const outcome = added.shift()!;
    return 'problem' in outcome
      ? { domain: outcome.domain, success: false as const, error: outcome.problem }
      : { domain: outcome.domain, success: true as const, productId: outcome.productId, outcome };
  });
  const cart = await pricedCartOf(queries, accountId);
  return {
    results,
    successCount: results.filter((result) => result.success).length,
    failureCount: results.filter((result) => !result.success).length,
    cart: cartSummaryOf(cart),
  };
};

type Added = Awaited<ReturnType<typeof addLines>>;

/** The reference's per-name result, without what only this service's handlers carry. */
const resultOf = (result: Added['results'][number]) =>
  result.success
    ? { domain: result.domain, success: true, productId: result.productId }
    : { domain: result.domain, success: false, error: result.error };

@Injectable()
export class CartAddRegistrationAction implements AgentActionHandler<CartAddRegistrationBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_add_domain_registration',
    title: 'Add registrations to the cart',
    description:
      "Adds fresh registrations to the user's cart, 1 to 10 years each (quantity, default 1) within the TLD's periods, priced now. Only names svc_domains_search shows available from the service (source service) can be added; each name gets a result, and the others go in when one cannot. A name already in the cart as a registration has its years changed.",
    body: CartAddRegistrationBody,
    access: { scope: 'cart:write' },
    effects: { readOnly: false, idempotent: true, openWorld: true },
    answer: 'AddToCartResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async run(body: CartAddRegistrationBody, caller: Principal | undefined) {
    const { results, ...rest } = await addLines(
      this.queries,
      this.commands,
      callerOf(caller).accountId,
      'REGISTRATION',
      body.domains,
    );
    return { addedProducts: results.map(resultOf), ...rest };
  }
}

@Injectable()
export class CartAddRenewalAction implements AgentActionHandler<CartAddRenewalBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_add_domain_renewal',
    title: 'Add renewals to the cart',
    description:
      "Adds renewals of the user's own domains to the cart, 1 to 10 years each (quantity, default 1) from the current expiry, within the years the registry still allows; a name in its redemption period is restored and renewed (the restoration fee is in the price).",
    body: CartAddRenewalBody,
    access: { scope: 'cart:write' },
    effects: { readOnly: false, idempotent: true, openWorld: true },
    answer: 'AddDomainRenewalToCartResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async run(body: CartAddRenewalBody, caller: Principal | undefined) {
    const { results, ...rest } = await addLines(
      this.queries,
      this.commands,
      callerOf(caller).accountId,
      'RENEWAL',
      body.domains,
    );
    return {
      addedRenewals: results.map((result) =>
        result.success ? { ...resultOf(result), renewalPeriodYears: result.outcome.years } : resultOf(result),
      ),
      ...rest,
    };
  }
}

const marketplaceAction = (kind: 'EXTMARKET_A' | 'EXTMARKET_B') => {
  const source = kind.toLowerCase();
  @Injectable()
  class CartAddMarketplaceAction implements AgentActionHandler<CartAddMarketplaceBody> {
    static readonly declaration: ActionDeclaration = {
      name: `svc_cart_add_domain_${source}`,
      title: `Add names sold on ${source} to the cart`,
      description: `Adds registered names their owners sell on the external marketplace ${source} to the user's cart, at the seller's price: only names svc_domains_search shows with marketplace.source ${source} and status registered-listed-for-sale. After checkout the marketplace transfers the name in, which takes days.`,
      body: CartAddMarketplaceBody,
      access: { scope: 'cart:write' },
      effects: { readOnly: false, idempotent: true, openWorld: true },
      answer: kind === 'EXTMARKET_A' ? 'AddExtmarketADomainToCartResponse' : 'AddExtmarketBDomainToCartResponse',
    };

    constructor(
      readonly queries: QueryBus,
      readonly commands: CommandBus,
    ) {}

    async run(body: CartAddMarketplaceBody, caller: Principal | undefined) {
      const { results, ...rest } = await addLines(
        this.queries,
        this.commands,
        callerOf(caller).accountId,
        kind,
        body.domains,
      );
      return {
        addedProducts: results.map((result) =>
          result.success ? { ...resultOf(result), price: formattedUsd(result.outcome.priceCents) } : resultOf(result),
        ),
        ...rest,
      };
    }
  }
  return CartAddMarketplaceAction;
};

export const CartAddExtmarketAAction = marketplaceAction('EXTMARKET_A');
export const CartAddExtmarketBAction = marketplaceAction('EXTMARKET_B');

/** A listed line's result: bought at once or leased, at what price, paying what now and monthly. */
const listedResultOf = (result: Added['results'][number]) => {
  if (!result.success) return resultOf(result);
  const { sale, priceCents } = result.outcome as Extract<CartAskOutcome, { productId: number }>;
  const lease = sale?.lease ?? null;
  return {
    ...resultOf(result),
    purchaseType: lease ? 'lease_to_own' : 'buy_now',
    listingPrice: formattedUsd(sale?.priceCents ?? priceCents),
    listingPriceCents: sale?.priceCents ?? priceCents,
    dueNow: formattedUsd(priceCents),
    ...(lease ? { monthlyPayment: formattedUsd(monthlyPaymentOf(lease)), termLength: lease.termLength } : {}),
  };
};

@Injectable()
export class CartAddListedAction implements AgentActionHandler<CartAddListedBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_cart_add_domain_listed',
    title: 'Add names listed on the marketplace to the cart',
    description:
      "Adds names their owners list on the service's marketplace (svc_domains_search: marketplace.source service, status registered-listed-for-sale) to the user's cart, at the listing's price, or at an offer of the user's that the seller accepted. Omit leaseToOwnOptions to buy at once; give one of the listing's plans to lease to own: the first payment is charged at checkout, the user runs the name's DNS from then on, the rest is charged monthly and the name is the user's after the last payment (a payment still missed after three tries ends the lease and the name goes back to the seller).",
    body: CartAddListedBody,
    access: { scope: 'cart:write' },
    effects: { readOnly: false, idempotent: true, openWorld: true },
    answer: 'AddListedDomainToCartResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async run(body: CartAddListedBody, caller: Principal | undefined) {
    const lines = body.domains.map((line) => ({
      name: line.name,
      ...(line.leaseToOwnOptions
        ? {
            lease: {
              type: line.leaseToOwnOptions.type,
              termLength: line.leaseToOwnOptions.termLength,
              downPaymentPercentage: line.leaseToOwnOptions.downPaymentPercentage ?? null,
            },
          }
        : {}),
    }));
    const { results, ...rest } = await addLines(
      this.queries,
      this.commands,
      callerOf(caller).accountId,
      'LISTED',
      lines,
    );
    return { addedProducts: results.map(listedResultOf), ...rest };
  }
}
