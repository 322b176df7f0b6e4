import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { refreshFamilyDecider, refreshFamilyStream } from '../../domain/identity/refresh-family';
import { InvalidGrant } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream, transact, writeAfter } from '../shared/handle-command';
import { Authenticator } from './authenticator';
import { familyOf, OAuthTokens, TokenResponse } from './oauth-tokens';
import { digestOf } from './secrets';

/** `grant_type=refresh_token`: a new access token and a new refresh token; the one presented is used up. */
export class RefreshAccessToken extends Command<TokenResponse> {
  constructor(readonly refreshToken: string) {
    super();
  }
}

@CommandHandler(RefreshAccessToken)
export class RefreshAccessTokenHandler implements ICommandHandler<RefreshAccessToken> {
  constructor(
    private readonly store: EventStore,
    private readonly tokens: OAuthTokens,
    private readonly clock: Clock,
    private readonly authenticator: Authenticator,
  ) {}

  async execute({ refreshToken }: RefreshAccessToken): Promise<TokenResponse> {
    const familyId = familyOf(refreshToken);
    if (!familyId) throw new InvalidGrant('the refresh token is not valid');
    const next = this.tokens.newRefreshToken(familyId);
    const at = this.clock.now();
    const { result } = await transact(this.store, {}, async (streams) => {
      const family = await streams.load(refreshFamilyStream(familyId), refreshFamilyDecider);
      const events = refreshFamilyDecider.decide(
        {
          type: 'RotateRefreshToken',
          data: { presentedDigest: digestOf(refreshToken), nextDigest: next.digest, expiresAt: next.expiresAt(at), at },
        },
        family.state,
      );
      return {
        writes: [writeAfter(family, events)],
        result: { rotated: events.some((event) => event.type === 'RefreshTokenRotated'), family: family.state },
      };
    });
    // a used token came back: the family was just revoked, and the answer is the same as for any bad token
    if (!result.rotated || result.family.status === 'NONE') {
      this.authenticator.forgetFamily(familyId);
      throw new InvalidGrant('the refresh token is not valid');
    }
    return this.tokens.response(result.family.accountId, result.family.scope, familyId, next.token);
  }
}

/**
 * RFC 7009: revokes the refresh token's whole family, and the access tokens it issued; unknown tokens are not an error.
 */
export class RevokeRefreshToken extends Command<void> {
  constructor(readonly refreshToken: string) {
    super();
  }
}

@CommandHandler(RevokeRefreshToken)
export class RevokeRefreshTokenHandler implements ICommandHandler<RevokeRefreshToken> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly authenticator: Authenticator,
  ) {}

  async execute({ refreshToken }: RevokeRefreshToken): Promise<void> {
    const familyId = familyOf(refreshToken);
    if (!familyId) return;
    const stream = refreshFamilyStream(familyId);
    // only the holder of a token of this family may revoke it
    const { state } = await loadStream(this.store, stream, refreshFamilyDecider);
    const digest = digestOf(refreshToken);
    if (state.status === 'NONE' || (state.currentDigest !== digest && !state.usedDigests.includes(digest))) return;
    await handleCommand(this.store, stream, refreshFamilyDecider, {
      type: 'RevokeRefreshFamily',
      data: { at: this.clock.now() },
    });
    this.authenticator.forgetFamily(familyId);
  }
}
