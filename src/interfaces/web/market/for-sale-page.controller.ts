import { calendarDateOf } from '../../../domain/registry/registry-periods';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AddCartItems, CartChange, CartAskOutcome } from '../../../application/commerce/cart.commands';
import { CardProcessor } from '../../../application/commerce/card-processor.port';
import { IssuePageLink } from '../../../application/commerce/page-links';
import { CreateResellerContact } from '../../../application/dns-domains/create-contact.command';
import { Authenticator } from '../../../application/identity/authenticator';
import { SignUp } from '../../../application/identity/sign-up.command';
import { VerifySignup } from '../../../application/identity/verify-signup.command';
import { MarketConversations } from '../../../application/marketplace/market-conversations';
import { MakeMarketOffer } from '../../../application/marketplace/offers.commands';
import { Registry } from '../../../application/registry/registry.port';
import { EventStore } from '../../../application/shared/event-store.port';
import { handleCommand, loadStream } from '../../../application/shared/handle-command';
import { Clock } from '../../../application/shared/clock';
import { marketWatchStream, watchlistDecider } from '../../../domain/marketplace/watchlist';
import { monthlyPaymentOf } from '../../../domain/marketplace/lease-plan';
import {
  marketListingDecider,
  marketListingStream,
  OpenListing,
  openListingAt,
} from '../../../domain/marketplace/listing';
import { DomainError } from '../../../domain/shared/errors';
import { domainNameForms } from '../../../domain/shared/idna';
import { storedNameOf } from '../../../domain/shared/names';
import { formattedUsd } from '../../../domain/shared/price';
import { latestContactOf } from '../../http/agent-actions/actions/buyer-contact';
import { TAKES_FORM } from '../../http/shared/http-input';
import { RequestValidationError } from '../../http/shared/problem';
import { contactDetailsOf } from '../../http/partner-reseller/reseller-input';
import { cookieOf, isFormSessionOf, setCookie, startFormSession } from '../shared/page-session';
import { loadPageTemplate, sendPage } from '../shared/views';
import { FOR_SALE } from './for-sale.template';

loadPageTemplate('for-sale', FOR_SALE);

/** The buyer's session on the for-sale pages: the access token its signup gave (an hour, as surface B's). */
const SESSION = 'market_session';
/** A signup under way: surface B's signup session token, until the code comes back. */
const SIGNUP = 'market_signup';
const MARKET_PATH = '/market';
const FOOTER = 'domain-engine marketplace: payments go through the service, never straight to the seller.';

class DomainParam {
  @IsString() @MaxLength(253) domain!: string;
}

class SignupForm {
  @IsString() @MaxLength(100) csrf!: string;
  @IsString() @MaxLength(254) email!: string;
  @IsString() @MaxLength(256) password!: string;
}

class CodeForm {
  @IsString() @MaxLength(100) csrf!: string;
  @IsString() @MaxLength(12) code!: string;
}

class BuyForm {
  @IsString() @MaxLength(100) csrf!: string;
  @IsOptional() @IsIn(['buy', 'lease']) plan?: 'buy' | 'lease';
  @IsOptional() @Matches(/^[0-9]{1,3}$/) termLength?: string;
  @IsOptional() @IsString() @MaxLength(100) firstName?: string;
  @IsOptional() @IsString() @MaxLength(100) lastName?: string;
  @IsOptional() @IsString() @MaxLength(100) email?: string;
  @IsOptional() @IsString() @MaxLength(8) dialingPrefix?: string;
  @IsOptional() @IsString() @MaxLength(30) phone?: string;
  @IsOptional() @IsString() @MaxLength(100) street?: string;
  @IsOptional() @IsString() @MaxLength(100) city?: string;
  @IsOptional() @IsString() @MaxLength(100) stateProvince?: string;
  @IsOptional() @IsString() @MaxLength(100) postalCode?: string;
  @IsOptional() @IsString() @MaxLength(2) countryCode?: string;
}

class OfferForm {
  @IsString() @MaxLength(100) csrf!: string;
  @IsString() @MaxLength(16) amount!: string;
  @IsOptional() @IsString() @MaxLength(4000) note?: string;
}

class WatchForm {
  @IsString() @MaxLength(100) csrf!: string;
  @IsIn(['watch', 'unwatch']) action!: 'watch' | 'unwatch';
}

class MessageForm {
  @IsString() @MaxLength(100) csrf!: string;
  @IsString() @MaxLength(4000) content!: string;
}

/** The registrant's fields, asked on the buy form of a buyer who has no contact yet. */
const CONTACT_FIELDS = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'email', label: 'Email' },
  { name: 'dialingPrefix', label: 'Phone country code (+44)' },
  { name: 'phone', label: 'Phone number' },
  { name: 'street', label: 'Street' },
  { name: 'city', label: 'City' },
  { name: 'stateProvince', label: 'State or province (code)' },
  { name: 'postalCode', label: 'Postal code' },
  { name: 'countryCode', label: 'Country (two letters)' },
];

/** Dollars as a person types them ("3000", "$3,000.50") in cents; undefined for anything else. */
const centsOf = (typed: string): number | undefined => {
  const plain = typed.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(plain)) return undefined;
  const [dollars, cents = ''] = plain.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
};

/**
 * The for-sale page of a name listed on our marketplace (`/market/<name>`; the hosting listener sends a parked
 * name's visitors here): its terms, and buy now, lease, make an offer and message the seller for a signed-in
 * buyer. A visitor signs up on the page (surface B's signup: email, password, mailed code) and comes back signed in.
 */
@Controller('market')
export class ForSalePageController {
  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly authenticator: Authenticator,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly conversations: MarketConversations,
    private readonly processor: CardProcessor,
    private readonly clock: Clock,
  ) {}

  @Get(':domain')
  async show(@Param() { domain }: DomainParam, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.page(request, reply, domain, 200, {});
  }

  @Post(':domain/signup')
  @RouteConfig(TAKES_FORM)
  async signup(
    @Param() { domain }: DomainParam,
    @Body() form: SignupForm,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (!isFormSessionOf(request, form.csrf))
      return this.page(request, reply, domain, 403, { error: 'Open the page again and retry.' });
    try {
      const started = await this.commands.execute(new SignUp(form.email, form.password));
      setCookie(request, reply, SIGNUP, started.signup_session_token, {
        path: MARKET_PATH,
        maxAgeSeconds: started.expires_in,
        sameSite: 'Strict',
      });
      return this.page(request, reply, domain, 200, { signup: 'code', notice: `We mailed a code to ${form.email}.` });
    } catch (error) {
      return this.page(request, reply, domain, 400, { error: this.told(error) });
    }
  }

  @Post(':domain/verify')
  @RouteConfig(TAKES_FORM)
  async verify(
    @Param() { domain }: DomainParam,
    @Body() form: CodeForm,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const session = cookieOf(request, SIGNUP);
    if (!isFormSessionOf(request, form.csrf) || !session)
      return this.page(request, reply, domain, 403, { error: 'Open the page again and sign up from it.' });
    try {
      const tokens = await this.commands.execute(new VerifySignup(session, form.code.trim().toUpperCase()));
      setCookie(request, reply, SESSION, tokens.access_token, {
        path: MARKET_PATH,
        maxAgeSeconds: tokens.expires_in,
        sameSite: 'Lax',
      });
      setCookie(request, reply, SIGNUP, '', { path: MARKET_PATH, maxAgeSeconds: 0, sameSite: 'Strict' });
      return reply
        .status(303)
        .header('location', `${MARKET_PATH}/${encodeURIComponent(domain)}`)
        .send();
    } catch (error) {
      return this.page(request, reply, domain, 400, { signup: 'code', error: this.told(error) });
    }
  }

  @Post(':domain/buy')
  @RouteConfig(TAKES_FORM)
  async buy(
    @Param() { domain }: DomainParam,
    @Body() form: BuyForm,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const accountId = await this.signedIn(request, form.csrf);
    if (!accountId) return this.page(request, reply, domain, 403, { error: 'Sign up or open the page again first.' });
    try {
      if (!(await latestContactOf(this.queries, accountId))) await this.createContact(accountId, form);
      const name = storedNameOf(this.nameOf(domain));
      // the listing's own plan, for the payments chosen: one it does not offer is refused with why
      const offered = (await this.listingOf(name.name))?.terms.leaseToOwn;
      const planned =
        form.plan === 'lease'
          ? {
              type: offered?.type ?? ('equal_installments' as const),
              termLength: Number(form.termLength ?? 0),
              downPaymentPercentage: offered?.downPaymentPercentage ?? null,
            }
          : undefined;
      const added: CartChange<CartAskOutcome> = await this.commands.execute(
        new AddCartItems(accountId, [{ kind: 'LISTED', name, years: 1, ...(planned ? { lease: planned } : {}) }]),
      );
      const [outcome] = added.outcomes;
      if ('problem' in outcome) return this.page(request, reply, domain, 409, { error: outcome.problem });
      const link = await this.commands.execute(new IssuePageLink(accountId, 'CHECKOUT', null));
      return reply
        .status(303)
        .header('location', `/pay/checkout?link=${encodeURIComponent(link.token)}`)
        .send();
    } catch (error) {
      return this.page(request, reply, domain, 400, { error: this.told(error) });
    }
  }

  @Post(':domain/offer')
  @RouteConfig(TAKES_FORM)
  async offer(
    @Param() { domain }: DomainParam,
    @Body() form: OfferForm,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const accountId = await this.signedIn(request, form.csrf);
    if (!accountId) return this.page(request, reply, domain, 403, { error: 'Sign up or open the page again first.' });
    const cents = centsOf(form.amount);
    if (cents === undefined || cents < 1)
      return this.page(request, reply, domain, 400, { error: 'Give the offer in dollars, as 2500 or 2,500.00.' });
    try {
      const note = form.note?.trim() ? form.note : undefined;
      const { offer } = await this.commands.execute(new MakeMarketOffer(accountId, domain, cents, note));
      return this.page(request, reply, domain, 200, {
        notice: `Offer of ${formattedUsd(offer.priceCents)} sent to the seller, open until ${calendarDateOf(offer.expiresAt)}. We mail you the answer.`,
      });
    } catch (error) {
      return this.page(request, reply, domain, 400, { error: this.told(error) });
    }
  }

  @Post(':domain/message')
  @RouteConfig(TAKES_FORM)
  async message(
    @Param() { domain }: DomainParam,
    @Body() form: MessageForm,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const accountId = await this.signedIn(request, form.csrf);
    if (!accountId) return this.page(request, reply, domain, 403, { error: 'Sign up or open the page again first.' });
    try {
      const name = this.nameOf(domain);
      const listing = await this.listingOf(name);
      if (!listing || listing.sellerAccountId === accountId)
        return this.page(request, reply, domain, 404, { error: 'This name has no seller to write to here.' });
      const { conversation } = await this.conversations.open(name, listing.sellerAccountId, accountId);
      await this.conversations.send(conversation.conversationId, accountId, form.content);
      return this.page(request, reply, domain, 200, { notice: 'Sent: the seller is mailed your message.' });
    } catch (error) {
      return this.page(request, reply, domain, 400, { error: this.told(error) });
    }
  }

  @Post(':domain/watch')
  @RouteConfig(TAKES_FORM)
  async watch(
    @Param() { domain }: DomainParam,
    @Body() form: WatchForm,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const accountId = await this.signedIn(request, form.csrf);
    if (!accountId) return this.page(request, reply, domain, 403, { error: 'Sign up or open the page again first.' });
    const name = this.nameOf(domain);
    if (!(await this.listingOf(name))) return this.page(request, reply, domain, 404, {});
    const type = form.action === 'watch' ? 'WatchName' : 'UnwatchName';
    await handleCommand(this.store, marketWatchStream(name), watchlistDecider, {
      type,
      data: { name, accountId, at: this.clock.now() },
    });
    const notice = form.action === 'watch' ? 'You watch this name.' : 'You no longer watch this name.';
    return this.page(request, reply, domain, 200, { notice });
  }

  /** The account signed in on these pages, when the form came from its page; undefined otherwise. */
  private async signedIn(request: FastifyRequest, csrf: string): Promise<string | undefined> {
    if (!isFormSessionOf(request, csrf)) return undefined;
    return this.accountOf(request);
  }

  private async accountOf(request: FastifyRequest): Promise<string | undefined> {
    const token = cookieOf(request, SESSION);
    const principal = token ? await this.authenticator.agent(token) : undefined;
    return principal?.scopes.includes('cart:write') ? principal.accountId : undefined;
  }

  private async createContact(accountId: string, form: BuyForm): Promise<void> {
    const details = contactDetailsOf({
      firstName: form.firstName ?? '',
      lastName: form.lastName ?? '',
      email: form.email ?? '',
      phone: { dialingPrefix: form.dialingPrefix ?? '', number: form.phone ?? '' },
      street: form.street ?? '',
      city: form.city ?? '',
      stateProvince: form.stateProvince ?? '',
      postalCode: form.postalCode ?? '',
      countryCode: (form.countryCode ?? '').toUpperCase(),
    });
    await this.commands.execute(new CreateResellerContact(accountId, details, false));
  }

  private nameOf(domain: string): string {
    return domainNameForms(domain)?.name ?? domain.trim().toLowerCase();
  }

  private async listingOf(name: string): Promise<OpenListing | null> {
    const [{ state }, now] = await Promise.all([
      loadStream(this.store, marketListingStream(name), marketListingDecider),
      this.registry.now(),
    ]);
    return openListingAt(state, now);
  }

  private told(error: unknown): string {
    if (error instanceof DomainError || error instanceof RequestValidationError) return error.message;
    throw error;
  }

  private async page(
    request: FastifyRequest,
    reply: FastifyReply,
    domain: string,
    status: number,
    shown: { notice?: string; error?: string; signup?: 'code' },
  ): Promise<FastifyReply> {
    const name = this.nameOf(domain);
    const listing = await this.listingOf(name);
    const accountId = await this.accountOf(request);
    const csrf = startFormSession(request, reply, MARKET_PATH);
    const unicode = domainNameForms(name)?.unicode ?? name;
    const title = listing ? `${listing.terms.displayName ?? unicode} is for sale` : unicode;
    const messages = accountId && listing ? await this.messagesOf(name, listing.sellerAccountId, accountId) : [];
    return sendPage(
      reply,
      listing ? status : 404,
      'for-sale',
      { title, sandbox: this.processor.sandbox, footer: FOOTER },
      {
        name: unicode,
        path: encodeURIComponent(name),
        listing: listing && this.listingView(listing),
        signedIn: accountId !== undefined && listing?.sellerAccountId !== accountId,
        needsContact: accountId !== undefined && !(await latestContactOf(this.queries, accountId)),
        contactFields: CONTACT_FIELDS,
        csrf,
        messages,
        watching: accountId !== undefined && (await this.watches(name, accountId)),
        notice: shown.notice ?? null,
        error: shown.error ?? null,
        signup: shown.signup ?? 'form',
      },
    );
  }

  private listingView({ terms }: OpenListing) {
    const lease = terms.leaseToOwn;
    const plan = (termLength: number) => ({
      type: lease!.type,
      termLength,
      downPaymentPercentage: lease!.downPaymentPercentage,
      priceCents: terms.priceCents,
    });
    return {
      price: terms.priceCents > 0 ? formattedUsd(terms.priceCents) : null,
      offers: terms.offers.enabled,
      minimum: terms.offers.minimumCents > 0 ? formattedUsd(terms.offers.minimumCents) : null,
      until: calendarDateOf(terms.expiresAt),
      lease: lease && {
        summary:
          lease.type === 'equal_installments'
            ? `up to ${lease.maxTermLength} equal monthly payments`
            : `${lease.downPaymentPercentage}% down, then up to ${lease.maxTermLength} equal monthly payments`,
        terms: Array.from({ length: lease.maxTermLength - 1 }, (_, index) => index + 2).map((months) => ({
          months,
          label: `${months} payments of ${formattedUsd(monthlyPaymentOf(plan(months)))}`,
        })),
      },
    };
  }

  private async watches(name: string, accountId: string): Promise<boolean> {
    const { state } = await loadStream(this.store, marketWatchStream(name), watchlistDecider);
    return state.accounts.has(accountId);
  }

  private async messagesOf(name: string, sellerAccountId: string, accountId: string) {
    if (sellerAccountId === accountId) return [];
    const { conversation, isExisting } = await this.conversations.find(name, sellerAccountId, accountId);
    if (!isExisting || !conversation) return [];
    return conversation.messages
      .slice(-10)
      .reverse()
      .map((message) => ({
        from: message.senderAccountId === accountId ? 'You' : 'The seller',
        at: calendarDateOf(message.at),
        content: message.content,
      }));
  }
}
