import { FastifyReply } from 'fastify';
import { Principal } from '../../../../application/identity/authenticator';
import { CredentialRateLimits } from '../../../../application/identity/credential-rate-limits';
import { RateLimited } from '../../../../domain/shared/errors';

/**
 * Lets a request of `principal` through its credential's rate limit, or refuses it with 429 and `Retry-After`. Either
 * way the answer says where the credential stands (`RateLimit-Limit`, `-Remaining`, `-Reset` in seconds, as the
 * IETF's RateLimit header fields draft writes them).
 */
export const admitCredential = async (
  limits: CredentialRateLimits,
  principal: Principal,
  reply: FastifyReply,
): Promise<void> => {
  const admission = await limits.admit(principal);
  if (!admission) return;
  void reply.headers({
    'ratelimit-limit': String(admission.rate.burst),
    'ratelimit-remaining': String(admission.remaining),
    'ratelimit-reset': String(Math.ceil(admission.resetMs / 1000)),
  });
  if (!admission.allowed) throw new RateLimited(Math.max(1, Math.ceil(admission.retryAfterMs / 1000)));
};
