import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { IsString, MaxLength } from 'class-validator';
import { FastifyReply, FastifyRequest } from 'fastify';
import { CardProcessor, SavedCard } from '../../../application/commerce/card-processor.port';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { PageLinks } from '../../../application/commerce/page-links';
import { Clock } from '../../../application/shared/clock';
import { LINK_TOLD } from '../../../domain/commerce/page-link';
import { cardNumberFactsOf, isCardExpired } from '../../../domain/commerce/sandbox-cards';
import { DomainError } from '../../../domain/shared/errors';
import { TAKES_FORM } from '../../http/shared/http-input';
import { isFormSessionOf, startFormSession } from '../shared/page-session';
import { loadPageTemplate, sendPage } from '../shared/views';
import { ADD_CARD } from './add-card.template';

loadPageTemplate('add-card', ADD_CARD);

class PageLinkQuery {
  @IsString()
  @MaxLength(200)
  link!: string;
}

/** The processor's page coming back: the link, and its session. */
class CardEntryReturn {
  @IsString() @MaxLength(200) link!: string;
  @IsString() @MaxLength(200) session_id!: string;
}

/** The add-a-card form as a browser posts it; every field a string, checked by the page itself. */
class AddCardForm {
  @IsString() @MaxLength(200) link!: string;
  @IsString() @MaxLength(100) csrf!: string;
  @IsString() @MaxLength(40) number!: string;
  @IsString() @MaxLength(20) expiry!: string;
  @IsString() @MaxLength(10) cvc!: string;
}

/** `MM/YY` or `MM/YYYY`: the month and the full year; undefined for anything else. */
const expiryOf = (typed: string): { expMonth: number; expYear: number } | undefined => {
  const found = /^\s*(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!found) return undefined;
  const year = Number(found[2]);
  return { expMonth: Number(found[1]), expYear: year < 100 ? 2000 + year : year };
};

const TITLE = 'Add a card';

/** Every state of the page but one, so that the template reads each. */
const NOTHING = { added: null, gone: null, hosted: null, pending: null, sandbox: false };

const addedOf = ({ brand, last4, expMonth, expYear }: SavedCard): string =>
  `${brand.toUpperCase()} ending ${last4}, expires ${String(expMonth).padStart(2, '0')}/${expYear}`;

/**
 * The page `svc_cart_add_payment_method_url` links to: the person types a card, the processor keeps it for the
 * account (the number never reaches the service's store or logs), and the link is used up.
 */
@Controller('pay/card')
export class AddCardController {
  constructor(
    private readonly links: PageLinks,
    private readonly processor: CardProcessor,
    private readonly clock: Clock,
    private readonly settings: ResellerSettings,
  ) {}

  @Get()
  async show(@Query() { link }: PageLinkQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const opened = await this.links.open(link, 'ADD_CARD');
    if ('problem' in opened) return this.gone(reply, `This link ${LINK_TOLD[opened.problem]}.`);
    if (!this.processor.takesTypedCards) {
      // the processor's own page takes the card, then sends the person back here
      const back = `${this.settings.publicUrl}/pay/card`;
      const page = await this.processor.cardEntryPage(
        opened.accountId,
        `${back}/done?link=${encodeURIComponent(link)}&session_id={SESSION_ID}`,
        `${back}?link=${encodeURIComponent(link)}`,
      );
      if (!page) return this.gone(reply, 'Cards cannot be added here: the card processor has no page for it.', 409);
      return sendPage(reply, 200, 'add-card', this.frame(), { ...NOTHING, hosted: page.url });
    }
    const csrf = startFormSession(request, reply);
    return this.form(reply, 200, { link, csrf, number: '', expiry: '', error: null });
  }

  @Get('done')
  async done(@Query() { link, session_id: sessionId }: CardEntryReturn, @Res() reply: FastifyReply) {
    const opened = await this.links.open(link, 'ADD_CARD');
    if ('problem' in opened) return this.gone(reply, `This link ${LINK_TOLD[opened.problem]}.`);
    const card = await this.processor.cardEnteredIn(opened.accountId, sessionId);
    if (!card) {
      const pending = 'The card was not added: go back to the card processor’s page, or open the link again.';
      return sendPage(reply, 409, 'add-card', this.frame(), { ...NOTHING, pending });
    }
    try {
      await this.links.use(link, 'ADD_CARD');
    } catch (error) {
      if (error instanceof DomainError)
        return this.gone(reply, `This link ${error.message.replace(/^this link /, '')}.`);
      throw error;
    }
    return sendPage(reply, 201, 'add-card', this.frame(), { ...NOTHING, added: addedOf(card) });
  }

  @Post()
  @RouteConfig(TAKES_FORM)
  async add(@Body() form: AddCardForm, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!isFormSessionOf(request, form.csrf))
      return this.gone(reply, 'This form was not opened from its link in this browser: open the link again.', 403);
    const opened = await this.links.open(form.link, 'ADD_CARD');
    if ('problem' in opened) return this.gone(reply, `This link ${LINK_TOLD[opened.problem]}.`);
    if (!this.processor.takesTypedCards)
      return this.gone(reply, 'Cards are not typed here: the card processor takes them on its own page.', 409);
    const expiry = expiryOf(form.expiry);
    const facts = cardNumberFactsOf(form.number.trim());
    const problem = !facts
      ? 'That card number is not valid: check the digits.'
      : !expiry
        ? 'Give the expiry as MM/YY.'
        : isCardExpired(expiry.expMonth, expiry.expYear, this.clock.now())
          ? 'That card has expired.'
          : !/^\d{3,4}$/.test(form.cvc.trim())
            ? 'The security code is the 3 or 4 digits on the card.'
            : null;
    // the number typed is never sent back to the browser: only the last four digits, to help the person
    const again = { link: form.link, csrf: form.csrf, number: '', expiry: form.expiry };
    if (problem || !expiry) return this.form(reply, 422, { ...again, error: problem });
    try {
      await this.links.use(form.link, 'ADD_CARD');
    } catch (error) {
      if (error instanceof DomainError)
        return this.gone(reply, `This link ${error.message.replace(/^this link /, '')}.`);
      throw error;
    }
    const saved = await this.processor.saveEnteredCard(opened.accountId, { number: form.number.trim(), ...expiry });
    if (!saved.ok) return this.gone(reply, `The card could not be added: ${saved.reason}. Ask for a new link.`, 422);
    return sendPage(reply, 201, 'add-card', this.frame(), { ...NOTHING, added: addedOf(saved.card) });
  }

  private form(
    reply: FastifyReply,
    status: number,
    model: { link: string; csrf: string; number: string; expiry: string; error: string | null },
  ) {
    return sendPage(reply, status, 'add-card', this.frame(), { ...NOTHING, ...model, sandbox: this.processor.sandbox });
  }

  private gone(reply: FastifyReply, message: string, status = 410) {
    return sendPage(reply, status, 'add-card', this.frame(), { ...NOTHING, gone: message });
  }

  private frame() {
    return { title: TITLE, sandbox: this.processor.sandbox };
  }
}
