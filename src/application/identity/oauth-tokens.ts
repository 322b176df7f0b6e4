import { Injectable } from '@nestjs/common';
import { RefreshFamilyStarted } from '../../domain/identity/refresh-family';
import { newId } from '../../domain/shared/ids';
import { IdentitySettings, ACCESS_TOKEN_SECONDS } from './identity-settings';
import { TokenSigner } from './identity.ports';
import { digestOf, newOpaqueSecret } from './secrets';

/** The body of a successful token response (RFC 6749 §5.1). */
export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly scope: string;
}

/** A refresh token names its family, so the family's stream is found without any index: `<familyId>.<secret>`. */
export const familyOf = (refreshToken: string): string | undefined => {
  const match = /^(rtf-[0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(refreshToken);
  return match?.[1];
};

@Injectable()
export class OAuthTokens {
  constructor(
    private readonly signer: TokenSigner,
    private readonly settings: IdentitySettings,
  ) {}

  newRefreshToken(familyId: string): { token: string; digest: string; expiresAt: (now: number) => number } {
    const token = `${familyId}.${newOpaqueSecret()}`;
    return { token, digest: digestOf(token), expiresAt: (now) => now + this.settings.refreshTokenTtlSeconds * 1000 };
  }

  /** A new family for a fresh sign-in: the event that starts it and the first refresh token. */
  startFamily(
    accountId: string,
    scope: string,
    at: number,
  ): { started: RefreshFamilyStarted['data']; refreshToken: string } {
    const familyId = newId('refreshFamily');
    const { token, digest, expiresAt } = this.newRefreshToken(familyId);
    return {
      started: { familyId, accountId, scope, tokenDigest: digest, expiresAt: expiresAt(at), at },
      refreshToken: token,
    };
  }

  /** The access token names its refresh family (`fid`): revoking the family revokes the access tokens it issued. */
  async response(accountId: string, scope: string, familyId: string, refreshToken: string): Promise<TokenResponse> {
    const access = await this.signer.sign(
      { sub: accountId, token_use: 'access', scope, fid: familyId },
      ACCESS_TOKEN_SECONDS,
    );
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      scope,
    };
  }
}
