import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { RegisterDnsDomain } from '../../src/application/dns-domains/register-domain.command';
import { DisableContact } from '../../src/application/dns-domains/contact.queries';
import { EventStore } from '../../src/application/shared/event-store.port';
import { Pool } from 'pg';
import { startNewGeneration } from '../../src/infrastructure/postgres/consumer-checkpoints';
import { CONSUMERS_CHANNEL } from '../../src/infrastructure/postgres/consumer-runner';
import { portfolio } from '../../src/projections/portfolio/portfolio.projection';
import { chainStream } from '../../src/domain/chains/registry-log.events';
import { tokenIdOf } from '../../src/domain/chains/blockchain';
import { dnsDomainStream } from '../../src/domain/dns-domains/dns-domain';
import { web3AccountStream } from '../../src/domain/web3-accounts/web3-account';
import { domainNameForms } from '../../src/domain/shared/idna';
import { Agent, newAgent } from '../support/agent';
import { eventually } from '../support/eventually';
import { ADA_CONTACT } from '../support/contacts';
import { createTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;
const TLDS = ['com', 'net', 'org', 'io', 'ai', 'dev', 'xyz'];
const WORDS = ['sun', 'bright', 'harbor', 'café', 'pixel', 'north', 'x', 'quiet', 'river', 'stone', 'bücher', 'lab'];
const TAGS = ['clients', 'brand', 'sell', 'keep'];

/** What a seeded domain is, as the brute-force filter reads it (not as the service stores it). */
interface Seeded {
  readonly name: string;
  readonly unicode: string;
  readonly labelLength: number;
  readonly purchasedAt: number | null;
  readonly expiresAt: number | null;
  tags: string[];
}

/** A deterministic sequence, so that a failure can be replayed. */
const random = (() => {
  let seed = 20261123;
  return (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
})();

const meta = (accountId: string) => ({
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: randomUUID(),
  accountId,
});

/**
 * The DNS names of an account as registrations leave them in the store (requested, then registered; a transfer in
 * still running has no registration yet). Checkout, which registers names for agents' users, is the commerce issue;
 * until it lands the store is seeded directly, with the events a registration appends.
 */
const seedDnsDomains = async (
  store: EventStore,
  accountId: string,
  count: number,
  now: number,
  prefix = '',
): Promise<Seeded[]> => {
  const seeded: Seeded[] = [];
  for (let n = 0; seeded.length < count; n++) {
    const word = WORDS[random(WORDS.length)];
    const forms = domainNameForms(`${prefix}${word}${n % 7 === 0 ? '' : n}.${TLDS[random(TLDS.length)]}`)!;
    if (seeded.some((domain) => domain.name === forms.name)) continue;
    const inbound = random(25) === 0;
    const purchasedAt = inbound ? null : now - (1 + random(900)) * DAY;
    // a quarter of a day off the edges: the seconds between seeding and asking change no verdict
    const expiresAt = inbound ? null : now + (random(500) - 60) * DAY + DAY / 4;
    const operationId = `op-${randomUUID()}`;
    const requested = {
      type: 'DnsRegistrationRequested',
      data: {
        name: forms.name,
        operationId,
        accountId,
        years: 1,
        priceCents: 1299,
        at: now,
        ...(inbound ? { sealedTransferCode: 'sealed' } : {}),
      },
    };
    const registered = {
      type: 'DnsDomainRegistered',
      data: {
        name: forms.name,
        operationId,
        accountId,
        createdAt: purchasedAt,
        expiresAt,
        sealedAuthorizationCode: 's',
        at: now,
      },
    };
    await store.append(
      [
        {
          streamId: dnsDomainStream(forms.name),
          expectedVersion: 'no_stream',
          events: inbound ? [requested] : [requested, registered],
        },
      ],
      meta(accountId),
    );
    const unicodeLabel = forms.unicode.slice(0, forms.unicode.lastIndexOf('.'));
    seeded.push({
      name: forms.name,
      unicode: forms.unicode,
      labelLength: [...unicodeLabel].length,
      purchasedAt,
      expiresAt,
      tags: [],
    });
  }
  return seeded;
};

type Criteria = Record<string, unknown>;
const KEY_OF: Record<string, (domain: Seeded) => number | string | null> = {
  name: (domain) => domain.name,
  length: (domain) => domain.labelLength,
  purchasedAt: (domain) => domain.purchasedAt,
  expiresAt: (domain) => domain.expiresAt,
  listingPrice: () => null,
  offers: () => 0,
  leads: () => 0,
  watchlistCount: () => 0,
};

/** The portfolio as the spec describes it, computed from what was seeded. */
const bruteForce = (domains: readonly Seeded[], criteria: Criteria, now: number): string[] => {
  const term = typeof criteria.searchTerm === 'string' ? criteria.searchTerm.toLowerCase() : '';
  const within = criteria.expiringWithinDays as number | undefined;
  const kept = domains.filter(
    (domain) =>
      (!term || domain.name.includes(term) || domain.unicode.includes(term)) &&
      criteria.status !== 'for-sale' &&
      (within === undefined ||
        (domain.expiresAt !== null && domain.expiresAt >= now && domain.expiresAt <= now + within * DAY)) &&
      (criteria.expired === undefined ||
        (criteria.expired
          ? domain.expiresAt !== null && domain.expiresAt < now
          : domain.expiresAt === null || domain.expiresAt >= now)) &&
      domain.labelLength >= ((criteria.minLength as number) ?? 1) &&
      domain.labelLength <= ((criteria.maxLength as number) ?? Infinity) &&
      criteria.autoRenewal !== 'true' &&
      ((criteria.tagFilters as string[]) ?? []).every((tag) => domain.tags.includes(tag)),
  );
  const key = KEY_OF[(criteria.orderBy as string) ?? 'name'];
  const direction = criteria.orderDirection === 'desc' ? -1 : 1;
  const compare = (a: number | string | null, b: number | string | null): number => {
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1; // missing last, both ways
    return direction * (a < b ? -1 : a > b ? 1 : 0);
  };
  return kept.sort((a, b) => compare(key(a), key(b)) || compare(a.name, b.name)).map((domain) => domain.name);
};

describe('surface A: the portfolio, domains in detail, and contacts', () => {
  let subject: TestApp;
  let agent: Agent;
  let other: Agent;
  let store: EventStore;
  let domains: Seeded[];
  let now: number;

  const list = async (criteria: Criteria) => {
    const answer = await agent.action('svc_portfolio_list', criteria);
    expect(answer.status).toBe(200);
    return answer.body as { domains: { name: string; tags: string[] }[]; pagination: Record<string, unknown> };
  };
  /** Every page of a listing, 500 at a time. */
  const listAll = async (criteria: Criteria): Promise<string[]> => {
    const names: string[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      const page = await list({ ...criteria, offset, limit: 500 });
      names.push(...page.domains.map((domain) => domain.name));
      offset = page.pagination.nextOffset as number | null;
    }
    return names;
  };

  beforeAll(async () => {
    subject = await createTestApp();
    agent = await newAgent(subject);
    other = await newAgent(subject);
    store = subject.app.get(EventStore);
    now = Date.now();
    domains = await seedDnsDomains(store, agent.accountId, 520, now);
    await seedDnsDomains(store, other.accountId, 30, now, 'other-');
    // tags go on through the action, 50 domains a call
    for (let start = 0; start < 200; start += 50) {
      const batch = domains.slice(start, start + 50);
      const tags = [TAGS[start / 50], TAGS[(start / 50 + 1) % TAGS.length]];
      const answer = await agent.action('svc_domain_tags_add', {
        domains: batch.map((domain) => domain.unicode),
        tags,
      });
      expect(answer.body).toMatchObject({ successCount: 50, failureCount: 0 });
      for (const domain of batch) domain.tags.push(...tags);
    }
    await subject.settled();
  }, 120_000);
  afterAll(() => subject.close());

  it('holds the 500 domains of the account, and none of another', async () => {
    expect(domains.length).toBeGreaterThanOrEqual(500);
    const all = await listAll({});
    expect(all).toEqual(bruteForce(domains, {}, now));
    expect((await other.action('svc_portfolio_list', { limit: 500 })).body.pagination.total).toBe(30);
  });

  const CRITERIA: Criteria[] = [
    { searchTerm: 'SUN' },
    { searchTerm: 'café' },
    { searchTerm: 'xn--' },
    { status: 'for-sale' },
    { status: 'unlisted' },
    { expiringWithinDays: 30 },
    { expiringWithinDays: 365, orderBy: 'expiresAt' },
    { expired: true },
    { expired: false, orderBy: 'expiresAt', orderDirection: 'desc' },
    { minLength: 3, maxLength: 5 },
    { maxLength: 1 },
    { minLength: 7, orderBy: 'length', orderDirection: 'desc' },
    { autoRenewal: 'true' },
    { autoRenewal: 'false', orderBy: 'purchasedAt' },
    { tagFilters: ['clients'] },
    { tagFilters: ['Brand', 'sell'] },
    { tagFilters: ['keep'], orderBy: 'purchasedAt', orderDirection: 'desc' },
    { orderBy: 'name', orderDirection: 'desc' },
    { orderBy: 'length' },
    { orderBy: 'purchasedAt' },
    { orderBy: 'expiresAt', orderDirection: 'desc' },
    { orderBy: 'listingPrice' },
    { orderBy: 'offers', orderDirection: 'desc' },
    { orderBy: 'leads' },
    { orderBy: 'watchlistCount', orderDirection: 'desc' },
    { searchTerm: 'r', expired: false, minLength: 4, tagFilters: ['brand'], orderBy: 'expiresAt' },
  ];

  it.each(CRITERIA.map((criteria) => [JSON.stringify(criteria), criteria] as const))(
    'filters and orders as a brute-force pass over the same domains: %s',
    async (_title, criteria) => {
      const tags = criteria.tagFilters as string[] | undefined;
      const expected = bruteForce(domains, { ...criteria, tagFilters: tags?.map((tag) => tag.toLowerCase()) }, now);
      expect(await listAll(criteria)).toEqual(expected);
      const page = await list({ ...criteria, offset: 3, limit: 7 });
      expect(page.domains.map((domain) => domain.name)).toEqual(expected.slice(3, 10));
      expect(page.pagination).toEqual({
        total: expected.length,
        count: Math.min(7, Math.max(expected.length - 3, 0)),
        offset: 3,
        limit: 7,
        hasMore: expected.length > 10,
        nextOffset: expected.length > 10 ? 10 : null,
      });
    },
  );

  it('pages by offset: nextOffset leads through every domain once', async () => {
    const names: string[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const page = await list({ offset, limit: 50, orderBy: 'expiresAt' });
      names.push(...page.domains.map((domain) => domain.name));
      offset = page.pagination.nextOffset as number | null;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(domains.length / 50));
    expect(names).toEqual(bruteForce(domains, { orderBy: 'expiresAt' }, now));
  });

  it('lists the same after the projection is rebuilt from the first event, tags and all', async () => {
    const before = await listAll({ tagFilters: ['brand'], orderBy: 'expiresAt' });
    const pool = subject.app.get(Pool);
    await startNewGeneration(pool, portfolio.name, portfolio.version);
    await pool.query(`select pg_notify('${CONSUMERS_CHANNEL}', '')`);
    // the runner builds the new generation from the first event, then makes it live
    await eventually(async () => {
      const { rows } = await pool.query<{ generation: number }>(
        'select generation from projection_generations where name = $1 and live',
        [portfolio.name],
      );
      expect(rows[0].generation).toBe(2);
    });
    await subject.settled();
    expect(await listAll({ tagFilters: ['brand'], orderBy: 'expiresAt' })).toEqual(before);
    expect(await listAll({})).toEqual(bruteForce(domains, {}, now));
    // the typed rows of the old generation left with its documents
    const stale = await pool.query('select count(*)::int as count from portfolio_entries where generation = 1');
    expect(stale.rows[0].count).toBe(0);
  });

  it('lists blockchain domains held by the account’s wallets when asked, and no longer once they leave', async () => {
    const wallet = '0x1111111111111111111111111111111111111111';
    await store.append(
      [
        {
          streamId: web3AccountStream(agent.accountId),
          expectedVersion: 'any',
          events: [
            {
              type: 'ExternalWalletVerified',
              data: { accountId: agent.accountId, address: wallet, method: 'EOA', operationId: 'op-1', at: now },
            },
          ],
        },
      ],
      meta(agent.accountId),
    );
    const place = (n: number) => ({
      blockchain: 'MATIC',
      networkId: 137,
      registry: '0xa9a6a3626993d487d2dbda3173cf58ca1a9d9e9f',
      blockNumber: 100 + n,
      blockTimestamp: now - (10 - n) * DAY,
      transactionHash: `0x${String(n).padStart(64, '0')}`,
      logIndex: 0,
    });
    const minted = (name: string, n: number, to: string) => [
      {
        type: 'DomainTransferred',
        data: { ...place(n), tokenId: tokenIdOf(name), from: '0x0000000000000000000000000000000000000000', to },
      },
      { type: 'DomainNamed', data: { ...place(n), tokenId: tokenIdOf(name), name } },
    ];
    await store.append(
      [
        {
          streamId: chainStream('MATIC'),
          expectedVersion: 'any',
          events: [
            ...minted('agent.x', 1, wallet),
            ...minted('b.crypto', 2, wallet),
            ...minted('elsewhere.x', 3, '0x2222222222222222222222222222222222222222'),
          ],
        },
      ],
      meta(agent.accountId),
    );
    await subject.settled();
    const web3 = await list({ registryType: 'web3' });
    expect(web3.domains.map((domain) => domain.name)).toEqual(['agent.x', 'b.crypto']);
    expect(web3.domains[0]).toMatchObject({ registryType: 'web3', extension: 'x', expiresAt: null, autoRenewal: null });
    expect((await agent.action('svc_domain_tags_add', { domains: ['agent.x'], tags: ['nft'] })).body.successCount).toBe(
      1,
    );
    await subject.settled();
    expect((await list({ registryType: 'web3', tagFilters: ['nft'] })).domains.map((domain) => domain.name)).toEqual([
      'agent.x',
    ]);
    await store.append(
      [
        {
          streamId: chainStream('MATIC'),
          expectedVersion: 'any',
          events: [
            {
              type: 'DomainTransferred',
              data: {
                ...place(4),
                tokenId: tokenIdOf('agent.x'),
                from: wallet,
                to: '0x3333333333333333333333333333333333333333',
              },
            },
          ],
        },
      ],
      meta(agent.accountId),
    );
    await subject.settled();
    expect((await list({ registryType: 'web3' })).domains.map((domain) => domain.name)).toEqual(['b.crypto']);
    // back in the account's wallet, it is a new holding: the tags of the last one are gone, and stay gone
    const back = {
      type: 'DomainTransferred',
      data: {
        ...place(5),
        tokenId: tokenIdOf('agent.x'),
        from: '0x3333333333333333333333333333333333333333',
        to: wallet,
      },
    };
    await store.append(
      [{ streamId: chainStream('MATIC'), expectedVersion: 'any', events: [back] }],
      meta(agent.accountId),
    );
    await subject.settled();
    const returned = await list({ registryType: 'web3' });
    expect(returned.domains.map((domain) => [domain.name, domain.tags])).toEqual([
      ['agent.x', []],
      ['b.crypto', []],
    ]);
    expect(
      (await agent.action('svc_domain_tags_add', { domains: ['agent.x'], tags: ['fresh'] })).body.successCount,
    ).toBe(1);
    await subject.settled();
    expect((await list({ registryType: 'web3' })).domains[0].tags).toEqual(['fresh']);
    // the default is DNS domains only
    expect((await list({ limit: 500 })).domains.map((domain) => domain.name)).not.toContain('b.crypto');
  });

  it('gets domains in detail, and a name that is not the account’s as not found, whoever holds it', async () => {
    const mine = domains.find((domain) => domain.purchasedAt !== null)!;
    const theirs = (await other.action('svc_portfolio_list', { limit: 1 })).body.domains[0].name;
    const answer = await agent.action('svc_domain_get', {
      domains: [mine.unicode, theirs, 'never-registered.com', '..'],
    });
    expect(answer.status).toBe(200);
    const [found, notTheirs, none, malformed] = answer.body.domains;
    expect(found).toMatchObject({
      domain: mine.unicode,
      found: true,
      name: mine.name,
      registryType: 'dns',
      lifecycle: {
        purchasedAt: new Date(mine.purchasedAt!).toISOString(),
        expiresAt: new Date(mine.expiresAt!).toISOString(),
      },
      marketplace: { listing: null, offersCount: 0, leadsCount: 0, watchlistCount: 0 },
      pendingOperations: [],
    });
    expect(notTheirs).toEqual({ domain: theirs, found: false, error: `${theirs} is not in this account's portfolio.` });
    expect(none).toEqual({
      domain: 'never-registered.com',
      found: false,
      error: "never-registered.com is not in this account's portfolio.",
    });
    expect(malformed).toMatchObject({ domain: '..', found: false });
  });

  it('shows a registered name with its renewal price, flags, nameservers and DNSSEC, and the operations running on it', async () => {
    const created = await agent.action('svc_contact_create', ADA_CONTACT);
    const name = 'portfolio-detail.com';
    const commands = subject.app.get(CommandBus);
    // what checkout (the commerce issue) will do for the user: the registration every surface uses
    const operation = await commands.execute(
      new RegisterDnsDomain(
        agent.accountId,
        { name, unicode: name, label: 'portfolio-detail', tld: 'com' },
        { contactId: created.body.contact.id },
        { years: 2, contacts: {}, authorizationCode: undefined, flags: {}, zone: {} },
        false,
      ),
    );
    await subject.settled();
    const [detail] = (await agent.action('svc_domain_get', { domains: [name] })).body.domains;
    expect(detail).toMatchObject({
      found: true,
      name,
      transferStatus: 'none',
      lifecycle: {
        renewal: {
          isEligible: true,
          period: { min: 1, increments: 1 },
          pricePerYear: 1499,
          pricePerYearFormatted: '$14.99',
        },
        autoRenewal: { status: 'disabled', expiresAt: detail.expiresAt },
      },
      flags: {
        DNS_RESOLUTION: { status: 'ENABLED' },
        DNS_TRANSFER_OUT: { status: expect.any(String) },
        DNS_WHOIS_PROXY: { status: 'ENABLED' },
        DNS_DELETE: { status: expect.any(String) },
        DNS_UPDATE: { status: 'ENABLED' },
      },
      dns: { nameservers: { status: 'default' }, hosting: [], dnssec: { enabled: false } },
      pendingOperations: [],
    });
    expect(detail.dns.nameservers.nameservers.length).toBeGreaterThan(0);
    const listed = await list({ searchTerm: 'portfolio-detail' });
    expect(listed.domains).toEqual([expect.objectContaining({ name, purchasedAt: expect.any(String) })]);
    expect(operation.status).toBe('QUEUED');

    // a transfer in waits for the other registrar: its operation is pending, the name inbound
    const transfer = await commands.execute(
      new RegisterDnsDomain(
        agent.accountId,
        { name: 'taken.com', unicode: 'taken.com', label: 'taken', tld: 'com' },
        { contactId: created.body.contact.id },
        { years: undefined, contacts: {}, authorizationCode: 'Sandbox-Transfer-1!', flags: {}, zone: {} },
        false,
      ),
    );
    await subject.settled();
    const [inbound] = (await agent.action('svc_domain_get', { domains: ['TAKEN.com'] })).body.domains;
    expect(inbound).toMatchObject({
      domain: 'TAKEN.com',
      found: true,
      transferStatus: 'inbound',
      purchasedAt: null,
      lifecycle: { renewal: null },
      flags: null,
      pendingOperations: [{ id: transfer.id, type: transfer.type, status: expect.stringMatching(/QUEUED|PROCESSING/) }],
    });
    // another account's agent sees nothing of it
    expect((await other.action('svc_domain_get', { domains: ['taken.com'] })).body.domains[0].found).toBe(false);
  });

  describe('contacts', () => {
    it('creates a contact with its dialing prefix normalized, and lists it masked, the latest first', async () => {
      const user = await newAgent(subject);
      const base = {
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: { dialingPrefix: '+1', number: '(202) 555-0123' },
        street: '1 Compiler Way',
        city: 'Arlington',
        stateProvince: 'va',
        postalCode: '22201',
        countryCode: 'us',
      };
      const first = await user.action('svc_contact_create', { ...base, email: 'grace@example.org' });
      expect(first).toMatchObject({
        status: 200,
        body: {
          success: true,
          contact: { id: expect.stringMatching(/^con_/), status: 'active', operationId: expect.stringMatching(/^op-/) },
        },
      });
      const second = await user.action('svc_contact_create', {
        ...base,
        email: 'hopper@example.org',
        organization: 'Navy',
      });
      await subject.settled();
      const listed = await user.action('svc_contacts_list', {});
      expect(listed.body.count).toBe(2);
      expect(listed.body.contacts.map((contact: { id: string }) => contact.id)).toEqual([
        second.body.contact.id,
        first.body.contact.id,
      ]);
      expect(listed.body.contacts[1]).toMatchObject({
        firstName: 'Grace',
        email: 'g***@example.org',
        phone: '+1 ********23',
        stateProvince: 'VA',
        countryCode: 'US',
        organization: '',
        status: 'active',
      });
      expect(JSON.stringify(listed.body)).not.toContain('555-0123');
      // the stored prefix has no plus: the registry gets +1.2025550123
      expect((await other.action('svc_contacts_list', {})).body.count).toBe(0);
    });

    it('lists disabled contacts only when asked for', async () => {
      const user = await newAgent(subject);
      const made = await user.action('svc_contact_create', {
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@example.co.uk',
        phone: { dialingPrefix: '44', number: '1619998877' },
        street: 'Bletchley Park',
        city: 'Milton Keynes',
        stateProvince: 'Buckinghamshire',
        postalCode: 'MK3 6EB',
        countryCode: 'GB',
      });
      await subject.app.get(CommandBus).execute(new DisableContact(made.body.contact.id, 'reported'));
      await subject.settled();
      expect((await user.action('svc_contacts_list', {})).body).toEqual({ contacts: [], count: 0 });
      const all = await user.action('svc_contacts_list', { includeDisabled: true });
      expect(all.body.contacts).toEqual([expect.objectContaining({ id: made.body.contact.id, status: 'disabled' })]);
    });

    it('refuses a contact as surface D does, every problem named', async () => {
      const answer = await agent.action('svc_contact_create', {
        firstName: 'Bad',
        lastName: 'Phone',
        email: 'bad@example.net',
        phone: { dialingPrefix: '+999', number: '12' },
        street: 'Nowhere 1',
        city: 'Nowhere',
        stateProvince: 'ZZ',
        postalCode: '00000',
        countryCode: 'US',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toEqual(
        expect.arrayContaining(['phone', 'stateProvince']),
      );
    });
  });
});
