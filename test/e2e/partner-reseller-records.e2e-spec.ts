import { randomBytes } from 'node:crypto';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

const owner = {
  type: 'SELF',
  contact: {
    firstName: 'Radia',
    lastName: 'Perlman',
    email: 'radia@example.net',
    phone: { dialingPrefix: '1', number: '202 555 0188' },
    street: '1 Spanning Tree Way',
    city: 'Seattle',
    stateProvince: 'WA',
    postalCode: '98101',
    countryCode: 'US',
  },
};
const DS = { keyTag: 2371, algorithm: 13, digestType: 2, digest: 'a1'.repeat(32) };

/**
 * The DNS routes of one name through HTTP: record sets created (with `$upsert`), changed, deleted and changed in a
 * batch all or nothing, previews that change nothing, zone rules refused; nameservers of the customer's pushed to
 * the registry and ours again.
 */
describe('a reseller’s records and nameservers (surface D)', () => {
  let subject: TestApp;
  let reseller: Partner;
  let other: Partner;
  let registry: SandboxRegistry;
  let name: string;
  beforeAll(async () => {
    subject = await createTestApp();
    reseller = await newReseller(subject);
    other = await newReseller(subject, 'Other reseller');
    registry = subject.app.get(SandboxRegistry);
    name = `r${randomBytes(5).toString('hex')}.com`;
    const reply = await reseller.call('POST', '/domains', { name, owner });
    expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
  });
  afterAll(() => subject?.close());

  const records = async (query = '') =>
    (await reseller.call('GET', `/domains/${name}/dns/records${query}`)).body.items as {
      id: string;
      subName?: string;
      type: string;
      values: string[];
      ttl: number;
    }[];
  const completed = async (reply: { status: number; body: { operation: { id: string } } }) => {
    expect(reply.status).toBeLessThan(300);
    return reseller.operation(reply.body.operation.id);
  };
  const create = (body: object, query = '') => reseller.call('POST', `/domains/${name}/dns/records${query}`, body);

  it('creates a record set and shows it once its operation completed', async () => {
    const op = await completed(await create({ subName: 'WWW', type: 'A', values: ['192.0.2.1'], ttl: 300 }));
    expect(op).toMatchObject({
      type: 'DOMAIN_DNS_RECORD_CREATE',
      status: 'COMPLETED',
      dependencies: [
        {
          type: 'DNS_RECORD_CREATE',
          parameters: { subName: 'www', type: 'A', values: ['192.0.2.1'], ttl: 300, $upsert: 'DISALLOWED' },
        },
      ],
    });
    const [set] = await records('?subName=www');
    expect(set).toEqual({
      '@type': 'domain-engine/partner.v3.DomainDnsRecord',
      id: op.dependencies[0].result.id,
      subName: 'www',
      type: 'A',
      values: ['192.0.2.1'],
      ttl: 300,
      readonly: { state: false, reasons: [] },
    });
  });

  it('refuses a second set of one name and type unless $upsert says to replace or append', async () => {
    const [set] = await records('?subName=www&type=A');
    const refused = await create({ subName: 'www', type: 'A', values: ['192.0.2.2'], ttl: 300 });
    expect([refused.status, refused.body.code]).toEqual([409, 'RECORD_EXISTS']);
    await completed(await create({ subName: 'www', type: 'A', values: ['192.0.2.2'], ttl: 600, $upsert: 'APPEND' }));
    expect(await records('?subName=www')).toMatchObject([{ id: set.id, values: ['192.0.2.1', '192.0.2.2'], ttl: 600 }]);
    const op = await completed(
      await create({ subName: 'www', type: 'A', values: ['192.0.2.9'], ttl: 60, $upsert: 'REPLACE' }),
    );
    expect(op.dependencies[0].result).toEqual({ id: set.id });
    expect(await records('?subName=www')).toMatchObject([{ id: set.id, values: ['192.0.2.9'], ttl: 60 }]);
  });

  it('updates and deletes a set by its id, and 404s ids it does not hold', async () => {
    const { body } = await create({ subName: 'mail', type: 'MX', values: ['10 mx1.example.net.'], ttl: 3600 });
    const id = (await reseller.operation(body.operation.id)).dependencies[0].result.id;
    await completed(
      await reseller.call('PATCH', `/domains/${name}/dns/records/${id}`, { values: ['20 mx2.example.net'] }),
    );
    expect(await records('?type=MX')).toMatchObject([{ id, values: ['20 mx2.example.net'], ttl: 3600 }]);
    await completed(await reseller.call('DELETE', `/domains/${name}/dns/records/${id}`));
    expect(await records('?type=MX')).toEqual([]);
    const gone = await reseller.call('DELETE', `/domains/${name}/dns/records/${id}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('applies a batch all at once, and none of a batch with one bad entry', async () => {
    const [www] = await records('?subName=www');
    const before = await records();
    const bad = await reseller.call('PATCH', `/domains/${name}`, {
      records: {
        delete: [www.id],
        create: [
          { subName: 'www', type: 'CNAME', values: ['target.example.net'], ttl: 300 },
          { subName: 'api', type: 'AAAA', values: ['2001:db8::zz'], ttl: 300 },
        ],
      },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION']);
    expect(await records()).toEqual(before);
    const op = await completed(
      await reseller.call('PATCH', `/domains/${name}`, {
        records: {
          delete: [www.id],
          create: [
            { subName: 'www', type: 'CNAME', values: ['target.example.net'], ttl: 300 },
            { subName: 'api', type: 'AAAA', values: ['2001:db8::1'], ttl: 300 },
          ],
        },
      }),
    );
    expect(op.type).toBe('DOMAIN_DNS_RECORD_BATCH');
    expect((await records()).map((set) => [set.subName, set.type])).toEqual([
      ['api', 'AAAA'],
      ['www', 'CNAME'],
    ]);
  });

  it('keeps a CNAME alone and off the apex', async () => {
    const beside = await create({ subName: 'www', type: 'TXT', values: ['hello'], ttl: 300 });
    expect([beside.status, beside.body.message]).toEqual([400, expect.stringContaining('CNAME stands alone')]);
    const apex = await create({ type: 'CNAME', values: ['target.example.net'], ttl: 300 });
    expect([apex.status, apex.body.message]).toEqual([400, expect.stringContaining('apex')]);
  });

  it('previews a change without making it', async () => {
    const before = await records();
    const reply = await create(
      { subName: 'preview', type: 'TXT', values: ['v=spf1 -all'], ttl: 300 },
      '?$preview=true',
    );
    expect([reply.status, reply.body.operation.status]).toEqual([201, 'PREVIEW']);
    expect(await records()).toEqual(before);
  });

  it('previews nameservers, DNSSEC and hosting without changing the registry or the zone', async () => {
    const before = [await registry.info(name), (await reseller.call('GET', `/domains/${name}/dns/hosting`)).body];
    for (const [method, path, body] of [
      ['PUT', '/dns/nameservers', { items: ['ns1.example.net'] }],
      ['POST', '/dns/security', {}],
      ['PUT', '/dns/hosting', { type: 'REDIRECT_302', targetUrl: 'https://example.org' }],
    ] as const) {
      const reply = await reseller.call(method, `/domains/${name}${path}?$preview=true`, body);
      expect([reply.status < 300, reply.body.operation.status]).toEqual([true, 'PREVIEW']);
    }
    await subject.settled();
    expect([await registry.info(name), (await reseller.call('GET', `/domains/${name}/dns/hosting`)).body]).toEqual(
      before,
    );
  });

  it('pages record sets with a cursor', async () => {
    const create = Array.from({ length: 120 }, (_, index) => ({
      subName: `host${String(index).padStart(3, '0')}`,
      type: 'A',
      values: [`198.51.100.${index}`],
      ttl: 300,
    }));
    // a batch makes at most 100 changes
    await completed(await reseller.call('PATCH', `/domains/${name}`, { records: { create: create.slice(0, 60) } }));
    await completed(await reseller.call('PATCH', `/domains/${name}`, { records: { create: create.slice(60) } }));
    const first = (await reseller.call('GET', `/domains/${name}/dns/records?type=A`)).body;
    expect(first.items).toHaveLength(100);
    const second = (await reseller.call('GET', `/domains/${name}/dns/records?type=A&$cursor=${first.next.$cursor}`))
      .body;
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((set: { subName: string }) => set.subName)).toEqual(
      create.map((set) => set.subName),
    );
  });

  it('delegates to the customer’s nameservers with their DS records, and back to ours', async () => {
    expect((await reseller.call('GET', `/domains/${name}/dns/nameservers`)).body).toEqual({
      '@type': 'domain-engine/partner.v3.NameServerListResult',
      items: ['ns1.domain-engine.test', 'ns2.domain-engine.test'],
      dnssec: { enabled: false },
    });
    const op = await completed(
      await reseller.call('PUT', `/domains/${name}/dns/nameservers`, {
        items: ['NS1.Example.net.', 'ns2.example.net'],
        dnssec: { items: [DS] },
      }),
    );
    expect(op.type).toBe('DOMAIN_DNS_NAME_SERVER_UPDATE');
    expect((await registry.info(name))?.nameservers).toEqual(['ns1.example.net', 'ns2.example.net']);
    expect((await reseller.call('GET', `/domains/${name}/dns/nameservers?$expand=dnssec`)).body.dnssec).toEqual({
      enabled: true,
      items: [DS],
    });
    expect((await reseller.call('GET', `/domains/${name}/dns`)).body.provider).toBe('EXTERNAL');
    await completed(await reseller.call('DELETE', `/domains/${name}/dns/nameservers`));
    expect(await registry.info(name)).toMatchObject({
      nameservers: ['ns1.domain-engine.test', 'ns2.domain-engine.test'],
      ds: [],
    });
    expect((await reseller.call('GET', `/domains/${name}/dns`)).body.provider).toBe('SERVICE');
  });

  it('refuses nameservers inside the domain without an address for their glue, and DS records with ours', async () => {
    const inside = await reseller.call('PUT', `/domains/${name}/dns/nameservers`, { items: [`ns1.${name}`] });
    expect([inside.status, inside.body.message]).toEqual([400, expect.stringContaining('A or AAAA record first')]);
    const withOurs = await reseller.call('PATCH', `/domains/${name}`, {
      nameservers: { $revertToManaged: true, dnssec: { items: [DS] } },
    });
    expect([withOurs.status, withOurs.body.code]).toEqual([400, 'VALIDATION']);
    await completed(await create({ subName: 'ns1', type: 'A', values: ['192.0.2.53'], ttl: 300 }));
    await completed(
      await reseller.call('PUT', `/domains/${name}/dns/nameservers`, { items: [`ns1.${name}`, 'ns2.example.net'] }),
    );
    expect((await registry.info(name))?.nameservers).toEqual([`ns1.${name}`, 'ns2.example.net']);
    await completed(await reseller.call('DELETE', `/domains/${name}/dns/nameservers`));
  });

  it('shows another account nothing of the name', async () => {
    for (const [method, path] of [
      ['GET', '/dns/records'],
      ['POST', '/dns/records'],
      ['GET', '/dns/nameservers'],
      ['DELETE', '/dns/nameservers'],
    ] as const) {
      const body = method === 'POST' ? { type: 'A', values: ['192.0.2.1'], ttl: 300 } : undefined;
      expect((await other.call(method, `/domains/${name}${path}`, body)).status).toBe(404);
    }
  });
});
