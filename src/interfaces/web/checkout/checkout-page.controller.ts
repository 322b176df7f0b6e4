import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { FastifyReply, FastifyRequest } from 'fastify';
import { CardProcessor } from '../../../application/commerce/card-processor.port';
import { GetPricedCart, PricedCart } from '../../../application/commerce/cart-view.query';
import { CheckoutCart } from '../../../application/commerce/checkout.command';
import { PageLinks } from '../../../application/commerce/page-links';
import { GetPaymentMethods, PaymentMethods } from '../../../application/commerce/payment-methods.query';
import { LINK_TOLD } from '../../../domain/commerce/page-link';
import { Order, orderNumberOf } from '../../../domain/commerce/order';
import { DomainError } from '../../../domain/shared/errors';
import { formattedUsd } from '../../../domain/shared/price';
import { latestContactOf } from '../../http/agent-actions/actions/buyer-contact';
import { TAKES_FORM } from '../../http/shared/http-input';
import { isFormSessionOf, startFormSession } from '../shared/page-session';
import { loadPageTemplate, sendPage } from '../shared/views';
import { checkoutViewOf } from './checkout-view';
import { CHECKOUT } from './checkout.template';

loadPageTemplate('checkout', CHECKOUT);

class PageLinkQuery {
  @IsString()
  @MaxLength(200)
  link!: string;
}

/** The checkout form as a browser posts it. */
class CheckoutForm {
  @IsString() @MaxLength(200) link!: string;
  @IsString() @MaxLength(100) csrf!: string;
  @IsOptional() @IsString() @MaxLength(255) paymentMethodId?: string;
  // a checkbox is sent when ticked, and not at all when not
  @IsOptional() @IsIn(['true']) useAccountBalance?: 'true';
}

const TITLE = 'Check out';

/**
 * The page `svc_cart_get_url` links to: the cart priced as `svc_cart_get` prices it, paid as `svc_cart_checkout`
 * pays; the link is used up when the order is paid, and a declined card can be tried again with another.
 */
@Controller('pay/checkout')
export class CheckoutPageController {
  constructor(
    private readonly links: PageLinks,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly processor: CardProcessor,
  ) {}

  @Get()
  async show(@Query() { link }: PageLinkQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const opened = await this.links.open(link, 'CHECKOUT');
    if ('problem' in opened) return this.gone(reply, `This link ${LINK_TOLD[opened.problem]}.`);
    const csrf = startFormSession(request, reply);
    return this.form(reply, 200, link, csrf, opened.accountId, opened.discountCode, null);
  }

  @Post()
  @RouteConfig(TAKES_FORM)
  async pay(@Body() form: CheckoutForm, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!isFormSessionOf(request, form.csrf))
      return this.gone(reply, 'This form was not opened from its link in this browser: open the link again.', 403);
    const opened = await this.links.open(form.link, 'CHECKOUT');
    if ('problem' in opened) return this.gone(reply, `This link ${LINK_TOLD[opened.problem]}.`);
    const { accountId, discountCode } = opened;
    let order: Order;
    try {
      order = await this.commands.execute(
        new CheckoutCart(accountId, {
          paymentMethodId: form.paymentMethodId,
          useAccountBalance: form.useAccountBalance === 'true',
          discountCode: discountCode ?? undefined,
          contact: await latestContactOf(this.queries, accountId),
        }),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return this.form(reply, 409, form.link, form.csrf, accountId, discountCode, error.message);
    }
    if (order.status !== 'PAID') {
      const why = order.status === 'NONE' ? 'not paid' : (order.failure ?? 'not paid');
      return this.form(
        reply,
        402,
        form.link,
        form.csrf,
        accountId,
        discountCode,
        `The payment did not go through (${why}): nothing was charged. Try another card.`,
      );
    }
    // paid: the link has done its work (a second tab paying at once found the cart checked out already)
    await this.links.use(form.link, 'CHECKOUT').catch((error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
    });
    const { totals, lines, orderId, paymentMethodId } = order.placed;
    const card = paymentMethodId
      ? (await this.processor.savedCards(accountId)).find((saved) => saved.id === paymentMethodId)
      : undefined;
    const receipt = {
      charged: formattedUsd(totals.cardCents + totals.balanceCents + totals.promoCreditsCents),
      method: card ? `${card.brand.toUpperCase()} ending ${card.last4}` : 'your balance',
      order: String(orderNumberOf(orderId)),
      domains: lines.map((line) => line.domain),
    };
    return sendPage(
      reply,
      200,
      'checkout',
      { title: 'Thank you', sandbox: this.processor.sandbox },
      { gone: null, receipt },
    );
  }

  private async form(
    reply: FastifyReply,
    status: number,
    link: string,
    csrf: string,
    accountId: string,
    discountCode: string | null,
    error: string | null,
  ) {
    const contact = await latestContactOf(this.queries, accountId);
    const [cart, methods]: [PricedCart, PaymentMethods] = await Promise.all([
      this.queries.execute(
        new GetPricedCart(accountId, {
          discountCode: discountCode ?? undefined,
          taxPlace: contact?.place ?? null,
          useAccountBalance: true,
        }),
      ),
      this.queries.execute(new GetPaymentMethods(accountId)),
    ]);
    const model = { ...checkoutViewOf(cart, methods), link, csrf, error, gone: null, receipt: null };
    return sendPage(reply, status, 'checkout', { title: TITLE, sandbox: this.processor.sandbox }, model);
  }

  private gone(reply: FastifyReply, message: string, status = 410) {
    return sendPage(
      reply,
      status,
      'checkout',
      { title: TITLE, sandbox: this.processor.sandbox },
      { gone: message, receipt: null },
    );
  }
}
