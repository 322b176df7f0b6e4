import { randomUUID } from 'node:crypto';

/**
 * Every id prefix of the wire lives here (`decisions.md` §0), so that a prefix is never spelled twice.
 * UUIDs are lowercase 8-4-4-4-12 hex.
 */
export const ID_PREFIXES = {
  operation: 'op-',
  resellerDependency: 'plop_',
  platformDependency: 'plop_',
  blockchainDependency: 'bc-',
  webhook: 'wh-',
  contact: 'con_',
  dnsRecord: 'rr-',
  billingTransaction: 'btx-',
  account: 'acc-',
  credential: 'key-',
  signupSession: 'sus-',
  refreshFamily: 'rtf-',
  order: 'ord-',
  search: 'srch-',
  // the embedded sandbox card processor's, shaped like Stripe's (docs/commerce.md)
  sandboxCard: 'pm_sbx_',
  sandboxPayment: 'pi_sbx_',
  sandboxRefund: 're_sbx_',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const newId = (kind: IdKind, uuid: string = randomUUID()): string => `${ID_PREFIXES[kind]}${uuid}`;

const patterns = new Map<IdKind, RegExp>(
  (Object.keys(ID_PREFIXES) as IdKind[]).map((kind) => [kind, new RegExp(`^${ID_PREFIXES[kind]}${UUID}$`)]),
);

/** The whole-string pattern of an id of one kind, or of any of several (`^(?:…|…)$`). */
export const idPattern = (...kinds: IdKind[]): RegExp =>
  kinds.length === 1
    ? (patterns.get(kinds[0]) as RegExp)
    : new RegExp(`^(?:${kinds.map((kind) => `${ID_PREFIXES[kind]}${UUID}`).join('|')})$`);

export const isId = (kind: IdKind, value: unknown): value is string =>
  typeof value === 'string' && (patterns.get(kind) as RegExp).test(value);
