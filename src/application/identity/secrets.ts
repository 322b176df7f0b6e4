import { createHash, randomBytes, randomInt } from 'node:crypto';

/** How the service's secrets look and how they are kept: generated here, stored only as digests. */
export const AGENT_KEY_PATTERN = /^svc_mcp_[0-9a-f]{64}$/;
export const RESOLUTION_KEY_PATTERN = /^svc_res_[0-9a-f]{64}$/;
export const OPERATOR_KEY_PATTERN = /^svc_ops_[0-9a-f]{64}$/;

export const newAgentKey = (): string => `svc_mcp_${randomBytes(32).toString('hex')}`;
export const newResolutionKey = (): string => `svc_res_${randomBytes(32).toString('hex')}`;
export const newOperatorKey = (): string => `svc_ops_${randomBytes(32).toString('hex')}`;

/** 32 random bytes, base64url: signup session tokens and the secret half of refresh tokens. */
export const newOpaqueSecret = (): string => randomBytes(32).toString('base64url');

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Six characters of A-Z and 0-9 (`decisions.md` §2), drawn without modulo bias. */
export const newSignupCode = (): string =>
  Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** SHA-256, hex: enough for 256-bit random secrets, which cannot be guessed back from their digest. */
export const digestOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * What a list shows of a secret, never enough to use it: the kind's prefix and four characters, or for a JWT (whose
 * start is the same header for every key) the end of its signature.
 */
export const displayPrefix = (secret: string): string =>
  secret.startsWith('svc_') ? secret.slice(0, 12) : `jwt…${secret.slice(-8)}`;
