import { createHmac, randomBytes } from 'node:crypto';

/** The account's signing secret: 32 random bytes, shown to the account alone (`GET /account`). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * `x-svc-signature` (`decisions.md` §6): base64 HMAC-SHA256 over `<timestamp>.<raw body>`. The timestamp is inside
 * the signed text so a receiver can refuse an old delivery replayed with a fresh timestamp header.
 */
export const webhookSignature = (secret: string, timestamp: number, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('base64');
