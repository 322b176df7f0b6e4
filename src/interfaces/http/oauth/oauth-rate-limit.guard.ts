import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { IdentitySettings } from '../../../application/identity/identity-settings';
import { RateLimiter } from '../../../application/identity/identity.ports';
import { RateLimited } from '../../../domain/shared/errors';

/** Every call to surface B counts against the caller's IP address (429 `slow_down` with Retry-After past the limit). */
@Injectable()
export class OAuthRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly settings: IdentitySettings,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const decision = await this.limiter.hit(
      `oauth:ip:${request.ip}`,
      this.settings.oauthLimitPerIp,
      this.settings.rateWindowSeconds,
    );
    if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
    return true;
  }
}
