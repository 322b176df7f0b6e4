import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { IssuedPageLink, IssuePageLink } from '../../../../application/commerce/page-links';
import { ResellerSettings } from '../../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../../application/identity/authenticator';
import { PAGE_LINK_TTL_MS } from '../../../../domain/commerce/page-link';
import { ACCOUNT_PAGES, accountPathOf } from '../../../web/account/account-paths';
import { RequestValidationError } from '../../shared/problem';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { AuthenticatedUrlBody } from './account-link-body.dto';

@Injectable()
export class AuthenticatedUrlAction implements AgentActionHandler<AuthenticatedUrlBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_authenticated_url_get',
    title: "Get a signed-in link to the user's account pages",
    description: `A single-use link, valid 15 minutes, that opens the user's account pages in a browser already signed in, at the page asked (path): ${ACCOUNT_PAGES.join(', ')} (also /portfolio, /domains/<domain>, /offers, /cart). The pages show the portfolio (search, filters, sort, pages), a domain (registration, renewal and auto-renewal, DNS records, nameservers, hosting, listing, offers), offers and conversations, and the cart; they can do what this credential can. Give the link to the person only.`,
    body: AuthenticatedUrlBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: false, idempotent: false },
    answer: 'AuthenticatedUrlResponse',
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly settings: ResellerSettings,
  ) {}

  async run(body: AuthenticatedUrlBody, caller: Principal | undefined) {
    const { accountId, scopes } = callerOf(caller);
    const path = accountPathOf(body.path);
    if (!path) {
      throw new RequestValidationError([
        { path: 'path', message: `is none of the account's pages: ${ACCOUNT_PAGES.join(', ')}` },
      ]);
    }
    const issued: IssuedPageLink = await this.commands.execute(
      new IssuePageLink(accountId, 'ACCOUNT', null, { path, scope: scopes.join(' ') }),
    );
    return {
      url: `${this.settings.publicUrl}/account/enter?link=${issued.token}`,
      expiresIn: PAGE_LINK_TTL_MS / 1000,
      instructions:
        "Give this link to the person: it opens their account's pages signed in, works once, and expires in 15 minutes. Never post it where others can see it.",
    };
  }
}
