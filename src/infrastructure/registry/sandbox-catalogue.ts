import { RegistryTldRules } from '../../domain/registry/registry-tld';

/** A name the sandbox holds for another registrar from the start, and the code that transfers it. */
export interface SeededName {
  readonly authInfo: string;
  /** `clientTransferProhibited` set by its registrar: it cannot be transferred until that is lifted. */
  readonly transferLocked: boolean;
}

/**
 * What the sandbox registry runs and holds before anyone registers: its TLDs and their rules, names held back,
 * premium names with the registry's yearly price, and names another registrar already sponsors.
 */
export interface SandboxCatalogue {
  readonly tlds: ReadonlyMap<string, RegistryTldRules>;
  readonly reserved: ReadonlySet<string>;
  /** Names a rights holder has blocked (as a DPML block does): nobody can register them. */
  readonly blocked: ReadonlySet<string>;
  readonly premiumCents: ReadonlyMap<string, number>;
  readonly seeded: ReadonlyMap<string, SeededName>;
}

const rules = (
  tld: string,
  minYears: number,
  maxYears: number,
  idn: boolean,
  opensAt: number | null = null,
): [string, RegistryTldRules] => [tld, { tld, minYears, maxYears, idn, dnssec: true, opensAt }];

/**
 * The embedded default. The periods follow the real registries (.ai registers for at least two years, .co for at
 * most five); the names are made up or are well-known names a customer would expect to find taken.
 */
export const DEFAULT_SANDBOX_CATALOGUE: SandboxCatalogue = {
  tlds: new Map([
    rules('com', 1, 10, true),
    rules('net', 1, 10, true),
    rules('org', 1, 10, true),
    rules('io', 1, 10, false),
    rules('ai', 2, 10, false),
    rules('co', 1, 5, false),
    rules('app', 1, 10, true),
    rules('dev', 1, 10, true),
    rules('xyz', 1, 10, true),
    rules('info', 1, 10, true),
    // announced, open for general availability on 1 January 2030: `registry clock advance` reaches it
    rules('shop', 1, 10, true, Date.UTC(2030, 0, 1)),
  ]),
  reserved: new Set(['example.com', 'example.net', 'example.org', 'nic.io', 'nic.ai', 'nic.co', 'registry.xyz']),
  blocked: new Set(['paypal.xyz', 'amazon.app', 'microsoft.dev']),
  premiumCents: new Map([
    ['shop.xyz', 250_000],
    ['bank.app', 1_500_000],
    ['agents.ai', 800_000],
    ['cloud.dev', 450_000],
  ]),
  seeded: new Map([
    ['google.com', { authInfo: 'Sandbox-Locked-1!', transferLocked: true }],
    ['wikipedia.org', { authInfo: 'Sandbox-Locked-2!', transferLocked: true }],
    ['openai.ai', { authInfo: 'Sandbox-Locked-3!', transferLocked: true }],
    ['taken.com', { authInfo: 'Sandbox-Transfer-1!', transferLocked: false }],
    ['taken.io', { authInfo: 'Sandbox-Transfer-2!', transferLocked: false }],
    ['moving-house.net', { authInfo: 'Sandbox-Transfer-3!', transferLocked: false }],
    // listed for sale by their owners on the external marketplaces (SANDBOX_SELLER_LISTINGS)
    ['sunrise.com', { authInfo: 'Sandbox-Listed-1!', transferLocked: false }],
    ['coffeeshop.net', { authInfo: 'Sandbox-Listed-2!', transferLocked: false }],
    ['brightpath.io', { authInfo: 'Sandbox-Listed-3!', transferLocked: false }],
  ]),
};
