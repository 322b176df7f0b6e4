import { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { PAGE_LINK_TTL_MS } from '../../../domain/commerce/page-link';

const COOKIE = 'pay_csrf';

/**
 * The pages' guard against posts from other sites: a random token in a cookie only this site sends (SameSite=Strict,
 * HttpOnly) and the same token in the form; a post whose two do not match is refused.
 */
export const startFormSession = (request: FastifyRequest, reply: FastifyReply): string => {
  const token = randomBytes(24).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${COOKIE}=${token}; Path=/pay; HttpOnly; SameSite=Strict; Max-Age=${PAGE_LINK_TTL_MS / 1000}${secure}`,
  );
  return token;
};

const cookieOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
};

/** The form was posted from the page this browser was given. */
export const isFormSessionOf = (request: FastifyRequest, posted: string | undefined): boolean => {
  const cookie = cookieOf(request);
  if (!cookie || !posted || cookie.length !== posted.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(posted));
};
