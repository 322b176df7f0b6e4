import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticator, Principal } from '../../../../application/identity/authenticator';
import { CredentialRateLimits } from '../../../../application/identity/credential-rate-limits';
import { Unauthorized } from '../../../../domain/shared/errors';
import { ACCESS_METADATA, AuthenticatedRequest, RouteAccess } from './access';
import { admitCredential } from './credential-admission';

export const bearerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
};

/**
 * Authenticates every route that declares its access: the surface decides which credential counts, a missing or
 * invalid one is 401, a valid one without the right scope or profile is 403, one past its rate limit is 429, each
 * in the surface's own format.
 */
@Injectable()
export class CredentialGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    private readonly limits: CredentialRateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!access || ('open' in access && access.open)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    const bearer = bearerOf(request);
    if (!bearer) throw new Unauthorized();
    const principal = await this.authenticate(access, bearer);
    if (!principal) {
      // a key of another surface is known to be no operator's: refused as such rather than as unknown
      if (access.surface === 'operator' && (await this.authenticator.anyOtherSurface(bearer)))
        throw new ForbiddenException('This route is for operators');
      throw new Unauthorized('The credential is not valid');
    }
    if ('scope' in access && !principal.scopes.includes(access.scope)) {
      throw new ForbiddenException(`The credential lacks the scope ${access.scope}`);
    }
    if (access.surface === 'partner' && principal.profile !== access.profile) {
      throw new ForbiddenException(`This route is for partners of profile ${access.profile}`);
    }
    await admitCredential(this.limits, principal, context.switchToHttp().getResponse<FastifyReply>());
    request.principal = principal;
    return true;
  }

  private authenticate(access: RouteAccess, bearer: string): Promise<Principal | undefined> {
    switch (access.surface) {
      case 'agent':
        return this.authenticator.agent(bearer);
      case 'partner':
        return this.authenticator.partner(bearer);
      case 'resolution':
        return this.authenticator.resolution(bearer);
      case 'operator':
        return this.authenticator.operator(bearer);
    }
  }
}
