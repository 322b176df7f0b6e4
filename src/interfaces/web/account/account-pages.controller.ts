import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FastifyReply, FastifyRequest } from 'fastify';
import { CardProcessor } from '../../../application/commerce/card-processor.port';
import { IssuedPageLink, IssuePageLink } from '../../../application/commerce/page-links';
import { AccountEntered, EnterAccount } from '../../../application/identity/account-entry.command';
import { Authenticator, Principal } from '../../../application/identity/authenticator';
import { ReadModelProgress } from '../../../application/shared/read-your-writes';
import { acting, credentialActorOf } from '../../../application/shared/acting';
import { DomainError } from '../../../domain/shared/errors';
import { AutoRenewalUpdateAction } from '../../http/agent-actions/actions/auto-renewal.action';
import { CartGetAction } from '../../http/agent-actions/actions/cart.actions';
import { DnsRecordsListAction } from '../../http/agent-actions/actions/dns-records.actions';
import { DomainGetAction } from '../../http/agent-actions/actions/domain-get.action';
import {
  LeadMessageSendAction,
  LeadMessagesListAction,
  LeadsListAction,
} from '../../http/agent-actions/actions/leads.actions';
import { OffersListAction } from '../../http/agent-actions/actions/offers.actions';
import { PortfolioListAction } from '../../http/agent-actions/actions/portfolio.actions';
import { TAKES_FORM } from '../../http/shared/http-input';
import { cookieOf, isFormSessionOf, setCookie, startFormSession } from '../shared/page-session';
import { loadPageTemplate, sendPage } from '../shared/views';
import {
  ACCOUNT_CART,
  ACCOUNT_DOMAIN,
  ACCOUNT_DOMAINS,
  ACCOUNT_GONE,
  ACCOUNT_MESSAGES,
  ACCOUNT_OFFERS,
} from './account.templates';
import { accountPathOf } from './account-paths';
import { cartView, domainView, domainsView, messagesView, offersView } from './account-views';

loadPageTemplate('account-domains', ACCOUNT_DOMAINS);
loadPageTemplate('account-domain', ACCOUNT_DOMAIN);
loadPageTemplate('account-offers', ACCOUNT_OFFERS);
loadPageTemplate('account-messages', ACCOUNT_MESSAGES);
loadPageTemplate('account-cart', ACCOUNT_CART);
loadPageTemplate('account-gone', ACCOUNT_GONE);

/** The account's session on its pages: the access token its link gave (an hour, as surface B's). */
const SESSION = 'account_session';
const ACCOUNT_PATH = '/account';
const FOOTER = "Your account's pages on domain-engine. Close the browser to sign out.";
const PAGE_SIZE = 25;

class LinkQuery {
  @IsString() @MaxLength(200) link!: string;
}

class DomainsQuery {
  @IsOptional() @IsString() @MaxLength(253) q?: string;
  @IsOptional() @IsIn(['all', 'for-sale', 'unlisted']) status?: 'all' | 'for-sale' | 'unlisted';
  @IsOptional() @IsIn(['name', 'expiresAt', 'purchasedAt', 'listingPrice', 'offers']) sort?: string;
  @IsOptional() @Matches(/^[1-9][0-9]{0,5}$/) page?: string;
}

class DomainParam {
  @IsString() @MaxLength(253) domain!: string;
}

class ConversationParam {
  @Matches(/^[1-9][0-9]{0,15}$/) id!: string;
}

class CsrfForm {
  @IsString() @MaxLength(100) csrf!: string;
}

class AutoRenewalForm extends CsrfForm {
  @IsIn(['enable', 'disable']) action!: 'enable' | 'disable';
}

class MessageForm extends CsrfForm {
  @IsString() @MaxLength(4000) content!: string;
}

/**
 * The account's pages, opened signed in by the single-use link of `svc_authenticated_url_get`: the portfolio, a
 * domain, offers and conversations, the cart. They read and change through the agent actions' own handlers, so a
 * page shows what the agent is told, and they can do no more than the credential that asked for the link. A change
 * goes back to its page once the read models show it (the answer is the page's, not the actions' interceptor's).
 */
@Controller('account')
export class AccountPagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly authenticator: Authenticator,
    private readonly processor: CardProcessor,
    private readonly portfolio: PortfolioListAction,
    private readonly domains: DomainGetAction,
    private readonly records: DnsRecordsListAction,
    private readonly offers: OffersListAction,
    private readonly leads: LeadsListAction,
    private readonly messages: LeadMessagesListAction,
    private readonly send: LeadMessageSendAction,
    private readonly renewals: AutoRenewalUpdateAction,
    private readonly cart: CartGetAction,
    private readonly progress: ReadModelProgress,
  ) {}

  @Get('enter')
  async enter(@Query() { link }: LinkQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    let entered: AccountEntered;
    try {
      entered = await this.commands.execute(new EnterAccount(link));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return this.gone(reply, 410, `${error.message[0].toUpperCase()}${error.message.slice(1)}.`);
    }
    setCookie(request, reply, SESSION, entered.accessToken, {
      path: ACCOUNT_PATH,
      maxAgeSeconds: entered.expiresIn,
      sameSite: 'Lax',
    });
    // the path was checked when the link was made: it is one of these pages
    return reply
      .status(303)
      .header('location', accountPathOf(entered.path) ?? '/account/domains')
      .send();
  }

  @Get()
  home(@Res() reply: FastifyReply) {
    return reply.status(303).header('location', '/account/domains').send();
  }

  @Get('domains')
  async domainList(@Query() query: DomainsQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const principal = await this.signedIn(request, 'portfolio:read');
    if (!principal) return this.refused(reply);
    const page = Number(query.page ?? 1);
    const sort = query.sort ?? 'name';
    const listed = await this.portfolio.run(
      {
        searchTerm: query.q,
        status: query.status ?? 'all',
        orderBy: sort as 'name',
        orderDirection: sort === 'name' ? 'asc' : 'desc',
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      },
      principal,
    );
    return this.show(reply, 'account-domains', 'Your domains', domainsView(listed, query, page));
  }

  @Get('domains/:domain')
  async domain(@Param() { domain }: DomainParam, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const principal = await this.signedIn(request, 'portfolio:read');
    if (!principal) return this.refused(reply);
    const [detail] = (await this.domains.run({ domains: [domain] }, principal)).domains;
    if (!detail.found || !('name' in detail)) return this.gone(reply, 404, 'This domain is not in your portfolio.');
    const [records, offers] = await Promise.all([
      this.records.run({ domain: detail.name }, principal).catch(() => undefined),
      this.offers.run({ domainName: detail.name, group: 'active' }, principal),
    ]);
    const canWrite = principal.scopes.includes('portfolio:write');
    const csrf = canWrite ? startFormSession(request, reply, ACCOUNT_PATH) : '';
    return this.show(reply, 'account-domain', detail.unicodeName ?? detail.name, {
      ...domainView(detail, records, offers),
      canWrite,
      csrf,
    });
  }

  @Post('domains/:domain/auto-renewal')
  @RouteConfig(TAKES_FORM)
  async autoRenewal(
    @Param() { domain }: DomainParam,
    @Body() form: AutoRenewalForm,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const principal = await this.signedIn(request, 'portfolio:write', form.csrf);
    if (!principal) return this.refused(reply);
    const asked = { action: form.action, domains: [{ name: domain }] };
    await acting.as(credentialActorOf(principal), () => this.renewals.run(asked, principal));
    await this.progress.caughtUp(); // the page it goes back to shows the change
    return reply
      .status(303)
      .header('location', `/account/domains/${encodeURIComponent(domain)}`)
      .send();
  }

  @Get('offers')
  async offerList(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const principal = await this.signedIn(request, 'portfolio:read');
    if (!principal) return this.refused(reply);
    const [offers, leads] = await Promise.all([
      this.offers.run({ group: 'active' }, principal),
      this.leads.run({ take: 50 }, principal),
    ]);
    return this.show(reply, 'account-offers', 'Offers and messages', offersView(offers, leads));
  }

  @Get('messages/:id')
  async conversation(@Param() { id }: ConversationParam, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const principal = await this.signedIn(request, 'portfolio:read');
    if (!principal) return this.refused(reply);
    try {
      const listed = await this.messages.run({ conversationId: Number(id) }, principal);
      const canWrite = principal.scopes.includes('portfolio:write');
      const csrf = canWrite ? startFormSession(request, reply, ACCOUNT_PATH) : '';
      return this.show(reply, 'account-messages', 'Conversation', { ...messagesView(listed), canWrite, csrf });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return this.gone(reply, 404, 'This conversation is not one of yours.');
    }
  }

  @Post('messages/:id')
  @RouteConfig(TAKES_FORM)
  async write(
    @Param() { id }: ConversationParam,
    @Body() form: MessageForm,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const principal = await this.signedIn(request, 'portfolio:write', form.csrf);
    if (!principal) return this.refused(reply);
    try {
      const message = { conversationId: Number(id), content: form.content };
      await acting.as(credentialActorOf(principal), () => this.send.run(message, principal));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return this.gone(reply, 400, `The message was not sent: ${error.message}.`);
    }
    await this.progress.caughtUp();
    return reply.status(303).header('location', `/account/messages/${id}`).send();
  }

  @Get('cart')
  async cartPage(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const principal = await this.signedIn(request, 'cart:read');
    if (!principal) return this.refused(reply);
    const cart = await this.cart.run({}, principal);
    const canPay = principal.scopes.includes('checkout');
    const csrf = canPay ? startFormSession(request, reply, ACCOUNT_PATH) : '';
    return this.show(reply, 'account-cart', 'Your cart', { ...cartView(cart), canPay, csrf });
  }

  @Post('cart/checkout')
  @RouteConfig(TAKES_FORM)
  async checkout(@Body() form: CsrfForm, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const principal = await this.signedIn(request, 'checkout', form.csrf);
    if (!principal) return this.refused(reply);
    const issued: IssuedPageLink = await acting.as(credentialActorOf(principal), () =>
      this.commands.execute(new IssuePageLink(principal.accountId, 'CHECKOUT', null)),
    );
    return reply.status(303).header('location', `/pay/checkout?link=${issued.token}`).send();
  }

  /** The account signed in on this browser, when its session holds `scope` (and, for a form, its token is right). */
  private async signedIn(request: FastifyRequest, scope: string, csrf?: string): Promise<Principal | undefined> {
    if (csrf !== undefined && !isFormSessionOf(request, csrf)) return undefined;
    const token = cookieOf(request, SESSION);
    const principal = token ? await this.authenticator.agent(token).catch(() => undefined) : undefined;
    return principal?.scopes.includes(scope) ? principal : undefined;
  }

  private show(reply: FastifyReply, page: string, title: string, model: object) {
    const tab =
      page === 'account-cart' ? 'cart' : page === 'account-domains' || page === 'account-domain' ? 'domains' : 'offers';
    return sendPage(reply, 200, page, { title, sandbox: this.processor.sandbox, footer: FOOTER }, { tab, ...model });
  }

  private refused(reply: FastifyReply) {
    return this.gone(reply, 401, 'You are not signed in to this page, or your session has ended.');
  }

  private gone(reply: FastifyReply, status: number, message: string) {
    return sendPage(
      reply,
      status,
      'account-gone',
      { title: 'Your account', sandbox: this.processor.sandbox, footer: FOOTER },
      {
        message,
      },
    );
  }
}
