import { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { PAGE_LINK_TTL_MS } from '../../../domain/commerce/page-link';

const COOKIE = 'pay_csrf';

/**
 * The pages' guard against posts from other sites: a random token in a cookie only this site sends (SameSite=Strict,
 * HttpOnly) and the same token in the form; a post whose two do not match is refused.
 */
export const startFormSession = (request: FastifyRequest, reply: FastifyReply, path = '/pay'): string => {
  const token = randomBytes(24).toString('base64url');
  setCookie(request, reply, COOKIE, token, { path, maxAgeSeconds: PAGE_LINK_TTL_MS / 1000, sameSite: 'Strict' });
  return token;
};

/** Sets an HttpOnly cookie for the pages under `path`, Secure when the page came over HTTPS. */
export const setCookie = (
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  { path, maxAgeSeconds, sameSite }: { path: string; maxAgeSeconds: number; sameSite: 'Strict' | 'Lax' },
): void => {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${name}=${value}; Path=${path}; HttpOnly; SameSite=${sameSite}; Max-Age=${maxAgeSeconds}${secure}`,
  );
};

/** A cookie the browser sent; undefined when it sent none of that name. */
export const cookieOf = (request: FastifyRequest, wanted: string = COOKIE): string | undefined => {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === wanted) return value.join('=');
  }
  return undefined;
};

/** The form was posted from the page this browser was given. */
export const isFormSessionOf = (request: FastifyRequest, posted: string | undefined): boolean => {
  const cookie = cookieOf(request);
  if (!cookie || !posted || cookie.length !== posted.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(posted));
};
