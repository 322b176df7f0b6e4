import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LINK_TOLD, pageLinkDecider, pageLinkProblemOf, pageLinkStream } from '../../domain/commerce/page-link';
import { refreshFamilyDecider, refreshFamilyStream } from '../../domain/identity/refresh-family';
import { Refused } from '../../domain/shared/errors';
import { isPageLinkToken } from '../commerce/page-links';
import { Clock } from '../shared/clock';
import { transact, writeAfter } from '../shared/handle-command';
import { EventStore } from '../shared/event-store.port';
import { digestOf } from './secrets';
import { OAuthTokens } from './oauth-tokens';

/** An account's pages opened signed in: the access token of the session, and where the link opens them. */
export interface AccountEntered {
  readonly accessToken: string;
  readonly expiresIn: number;
  readonly path: string;
}

/**
 * Uses a `svc_authenticated_url_get` link, once: a new sign-in of the account (a refresh family, as surface B's
 * password grant starts one) with the scopes of the agent that asked for the link, so the pages can do no more than
 * the agent could.
 */
export class EnterAccount extends Command<AccountEntered> {
  constructor(readonly token: string) {
    super();
  }
}

@CommandHandler(EnterAccount)
export class EnterAccountHandler implements ICommandHandler<EnterAccount> {
  constructor(
    private readonly store: EventStore,
    private readonly tokens: OAuthTokens,
    private readonly clock: Clock,
  ) {}

  async execute({ token }: EnterAccount): Promise<AccountEntered> {
    if (!isPageLinkToken(token))
      throw new Refused('LINK_INVALID', `this link ${LINK_TOLD.UNKNOWN}`, { problem: 'UNKNOWN' });
    const digest = digestOf(token);
    const at = this.clock.now();
    const { result } = await transact(this.store, {}, async (streams) => {
      const link = await streams.load(pageLinkStream(digest), pageLinkDecider);
      const problem = pageLinkProblemOf(link.state, 'ACCOUNT', at);
      if (problem || link.state.status === 'NONE' || !link.state.entry) {
        throw new Refused('LINK_INVALID', `this link ${LINK_TOLD[problem ?? 'UNKNOWN']}`, {
          problem: problem ?? 'UNKNOWN',
        });
      }
      const { accountId, entry } = link.state;
      const used = pageLinkDecider.decide(
        { type: 'UsePageLink', data: { digest, purpose: 'ACCOUNT', at } },
        link.state,
      );
      const { started, refreshToken } = this.tokens.startFamily(accountId, entry.scope, at);
      const family = await streams.load(refreshFamilyStream(started.familyId), refreshFamilyDecider);
      const familyStarted = refreshFamilyDecider.decide({ type: 'StartRefreshFamily', data: started }, family.state);
      return {
        writes: [writeAfter(link, used), writeAfter(family, familyStarted)],
        result: { accountId, entry, familyId: started.familyId, refreshToken },
      };
    });
    const tokens = await this.tokens.response(
      result.accountId,
      result.entry.scope,
      result.familyId,
      result.refreshToken,
    );
    return { accessToken: tokens.access_token, expiresIn: tokens.expires_in, path: result.entry.path };
  }
}
