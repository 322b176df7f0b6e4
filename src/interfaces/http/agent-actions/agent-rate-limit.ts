import { Injectable } from '@nestjs/common';
import { IdentitySettings } from '../../../application/identity/identity-settings';
import { RateLimiter } from '../../../application/identity/identity.ports';
import { RateLimited } from '../../../domain/shared/errors';
import { ActionDeclaration } from './agent-action';

/**
 * Surface A's limit (`decisions.md` §1: 429 `rate_limited` with Retry-After) on what anyone may call: the open
 * searches, per IP address, whatever protocol they come by. Actions with a credential are the account's to answer
 * for; a limit per account waits for a limiter whose cost does not grow with the limit (the sliding log keeps every
 * hit).
 */
@Injectable()
export class AgentRateLimit {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly settings: IdentitySettings,
  ) {}

  async check(declaration: ActionDeclaration, ip: string): Promise<void> {
    if (!('open' in declaration.access)) return;
    const limit = this.settings.agentOpenLimitPerIp;
    const decision = await this.limiter.hit(`agent:ip:${ip}`, limit, this.settings.rateWindowSeconds);
    if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
  }
}
