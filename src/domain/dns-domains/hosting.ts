import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { RecordSet, subNameOf } from './zone-records';

/** What the service does with web requests for a name (`interface-spec.md` Surface D). */
export const HOSTING_TYPES = ['REDIRECT_301', 'REDIRECT_302', 'REVERSE_PROXY'] as const;
export type HostingType = (typeof HOSTING_TYPES)[number];

/** A certificate the hosting listener serves a name's HTTPS with: the chain, and its key sealed. */
export interface HostingCertificate {
  readonly certificatePem: string;
  readonly sealedPrivateKey: string;
  readonly expiresAt: number;
}

/** One hosted name of a zone: a redirect or a reverse proxy, and its certificate once one is issued. */
export interface HostingSite {
  readonly subName: string;
  readonly type: HostingType;
  readonly targetUrl: string;
  /** The operation that set it: a certificate asked for an older setting is not this one's. */
  readonly setBy: string;
  readonly certificate: HostingCertificate | null;
}

/** At most this many hosted names per zone. */
export const MAX_HOSTING_SITES = 20;

/** Why a target URL is refused: only absolute http(s) URLs, without credentials, of at most 2000 characters. */
export const targetUrlProblemOf = (text: string): string | undefined => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'targetUrl must be an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'targetUrl must be an http or https URL';
  if (url.username || url.password) return 'targetUrl must not carry credentials';
  if (text.length > 2000) return 'targetUrl must be at most 2000 characters';
  return undefined;
};

/** A hosted sub name: a name below the zone (or its apex), not a wildcard: a certificate names one host. */
export const hostedSubNameOf = (text: string | undefined, zone: string): string | undefined => {
  const subName = subNameOf(text, zone);
  return subName === undefined || subName.includes('*') ? undefined : subName;
};

/**
 * Where a request for a hosted name goes: the target with the request's path appended to the target's, and the
 * request's query after the target's (a redirect keeps both, as a proxy does).
 */
export const forwardedUrlOf = (targetUrl: string, path: string, query: string): string => {
  const target = new URL(targetUrl);
  const base = target.pathname.replace(/\/$/, '');
  const search = [target.search.replace(/^\?/, ''), query.replace(/^\?/, '')].filter(Boolean).join('&');
  return `${target.origin}${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
};

/** Hosted names' addresses stay five minutes in caches, like negative answers. */
export const HOSTING_TTL = 300;

/** A stable record id (`rr-<uuid>`) for a hosted name's address set, made from the zone, name and type. */
const hostingRecordIdOf = (zone: string, subName: string, type: string): string => {
  const hex = createHash('sha256').update(`${zone}\u0000${subName}\u0000${type}`).digest('hex');
  return `rr-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The address sets the hosting answers for its hosted names (the listener's addresses, `HOSTING_ADDRESS`): shown
 * with the zone's records as read-only, since they change with the hosting, not through the record routes.
 */
export const hostingRecordsOf = (
  zone: string,
  sites: readonly Pick<HostingSite, 'subName'>[],
  addresses: readonly string[],
): RecordSet[] =>
  sites.flatMap(({ subName }) =>
    (['A', 'AAAA'] as const).flatMap((type) => {
      const values = addresses.filter((address) => isIPv6(address) === (type === 'AAAA'));
      return values.length === 0
        ? []
        : [{ id: hostingRecordIdOf(zone, subName, type), subName, type, values, ttl: HOSTING_TTL }];
    }),
  );
