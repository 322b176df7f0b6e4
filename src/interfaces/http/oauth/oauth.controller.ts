import { Body, Controller, Get, Header, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { IdentitySettings } from '../../../application/identity/identity-settings';
import { TokenSigner } from '../../../application/identity/identity.ports';
import { TokenResponse } from '../../../application/identity/oauth-tokens';
import { RefreshAccessToken, RevokeRefreshToken } from '../../../application/identity/refresh-token.commands';
import { SignUp, SignupStarted } from '../../../application/identity/sign-up.command';
import { VerifySignup } from '../../../application/identity/verify-signup.command';
import { DomainError } from '../../../domain/shared/errors';
import { AGENT_SCOPES } from '../../../domain/identity/scopes';
import { TAKES_FORM } from '../shared/http-input';
import { Documented } from '../shared/openapi/documented';
import { NoQuery } from '../shared/request-params';
import { validateBody } from '../shared/validation';
import { OAuthRateLimitGuard } from './oauth-rate-limit.guard';
import { RevokeBody, SignupBody, TokenBody, VerifyBody } from './oauth.dto';

/** Surface B: headless account creation, and the token endpoints OAuth clients expect (`decisions.md` §2). */
@Controller('api/oauth')
@UseGuards(OAuthRateLimitGuard)
export class OAuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('signup')
  @Documented({
    summary: 'Start a signup: a code is mailed to the address (the answer is the same for a new and a taken address)',
    answer: 'SignupStarted',
    refuses: ['RATE_LIMITED'],
  })
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  signup(@Body() body: SignupBody, @Query() _query: NoQuery): Promise<SignupStarted> {
    return this.commands.execute(new SignUp(body.email, body.password));
  }

  @Post('signup/verify')
  @Documented({
    summary: 'Verify the mailed code: opens the account and issues its first tokens (five wrong codes end the signup)',
    answer: 'TokenResponse',
    refuses: ['INVALID_GRANT', 'RATE_LIMITED'],
  })
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  verify(@Body() body: VerifyBody, @Query() _query: NoQuery): Promise<TokenResponse> {
    return this.commands.execute(new VerifySignup(body.signup_session_token, body.verification_code));
  }

  // OAuth clients send form bodies to the token and revocation endpoints (RFC 6749 §4.1.3, RFC 7009 §2.1)
  @Post('token')
  @Documented({
    summary: 'A new access token for a refresh token (which is used up: a new one comes with it)',
    answer: 'TokenResponse',
    refuses: ['INVALID_GRANT', 'UNSUPPORTED_GRANT_TYPE', 'RATE_LIMITED'],
    body: TokenBody,
  })
  @RouteConfig(TAKES_FORM)
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async token(@Body() body: unknown, @Query() _query: NoQuery): Promise<TokenResponse> {
    // RFC 6749 §5.2: a grant type this server does not issue is unsupported_grant_type, whatever else the body holds
    const grantType = (body as { grant_type?: unknown } | undefined)?.grant_type;
    if (typeof grantType === 'string' && grantType !== 'refresh_token')
      throw new DomainError('UNSUPPORTED_GRANT_TYPE', 'only grant_type refresh_token is issued here');
    const request = await validateBody(TokenBody, body);
    return this.commands.execute(new RefreshAccessToken(request.refresh_token));
  }

  @Post('revoke')
  @Documented({
    summary:
      'Revoke a refresh token, its family and the access tokens it issued (RFC 7009: an unknown token is not an error)',
    answer: 'Revoked',
    refuses: ['RATE_LIMITED'],
  })
  @RouteConfig(TAKES_FORM)
  @HttpCode(200)
  async revoke(@Body() body: RevokeBody, @Query() _query: NoQuery): Promise<Record<string, never>> {
    await this.commands.execute(new RevokeRefreshToken(body.token));
    return {};
  }
}

/** Discovery for OAuth clients: the server's metadata (RFC 8414) and the keys that verify its tokens. */
@Controller('.well-known')
export class WellKnownController {
  constructor(
    private readonly signer: TokenSigner,
    private readonly settings: IdentitySettings,
  ) {}

  @Get('oauth-authorization-server')
  @Documented({ summary: 'The authorization server metadata (RFC 8414)', answer: 'AuthorizationServerMetadata' })
  metadata(@Query() _query: NoQuery): Record<string, unknown> {
    const base = this.settings.issuer;
    return {
      issuer: base,
      token_endpoint: `${base}/api/oauth/token`,
      revocation_endpoint: `${base}/api/oauth/revoke`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      grant_types_supported: ['refresh_token'],
      response_types_supported: [],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...AGENT_SCOPES],
      signup_endpoint: `${base}/api/oauth/signup`,
      signup_verification_endpoint: `${base}/api/oauth/signup/verify`,
    };
  }

  @Get('oauth-protected-resource/mcp/v1')
  @Documented({
    summary:
      "The MCP endpoint's protected resource metadata (RFC 9728), naming this server as its authorization server",
    answer: 'ProtectedResourceMetadata',
  })
  mcpResource(@Query() _query: NoQuery): Record<string, unknown> {
    return this.resourceMetadata('/mcp/v1');
  }

  @Get('oauth-protected-resource')
  @Documented({
    summary: "The service's protected resource metadata (RFC 9728), for clients that look at the root first",
    answer: 'ProtectedResourceMetadata',
  })
  rootResource(@Query() _query: NoQuery): Record<string, unknown> {
    return this.resourceMetadata('');
  }

  /** The metadata of the resource at `path`: RFC 9728 §3.3 has clients check it names the URL they derived it from. */
  private resourceMetadata(path: string): Record<string, unknown> {
    const base = this.settings.issuer;
    return {
      resource: `${base}${path}`,
      authorization_servers: [base],
      scopes_supported: [...AGENT_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Agent actions and their MCP endpoint',
      resource_documentation: `${base}/mcp/v1/openapi.json`,
    };
  }

  @Get('jwks.json')
  @Documented({ summary: 'The public keys that verify the tokens', answer: 'Jwks' })
  @Header('cache-control', 'public, max-age=300')
  jwks(@Query() _query: NoQuery): Promise<{ keys: object[] }> {
    return this.signer.publicKeys();
  }
}
