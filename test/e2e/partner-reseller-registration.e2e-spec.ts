import { randomBytes } from 'node:crypto';
import { EventStore } from '../../src/application/shared/event-store.port';
import { loadStream } from '../../src/application/shared/handle-command';
import { billingDecider, billingStream } from '../../src/domain/billing/billing-account';
import { domainActivityStream } from '../../src/domain/operations/domain-activity';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

/**
 * Registration on surface D through HTTP: a preview that quotes and changes nothing, a registration with an inline
 * registrant (created, mailed, used), one with an existing contact, the charge in the same append, the name at the
 * registry, and a refused or failed registration that charges nothing in the end.
 */
describe('reseller registration (surface D)', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;
  let reseller: Partner;
  let registry: SandboxRegistry;
  beforeAll(async () => {
    await inbox.start();
    subject = await createTestApp({ env: { SMTP_URL: inbox.url } });
    reseller = await newReseller(subject);
    registry = subject.app.get(SandboxRegistry);
  });
  afterAll(async () => {
    await subject?.close();
    await inbox.stop();
  });

  const fresh = (tld = 'com') => `r${randomBytes(5).toString('hex')}.${tld}`;
  const balance = async () =>
    (await loadStream(subject.app.get(EventStore), billingStream(reseller.accountId), billingDecider)).state
      .balanceCents;
  const grace = (email: string) => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    phone: { dialingPrefix: '1', number: '202 555 0143' },
    street: '1 Navy Yard',
    city: 'Washington',
    stateProvince: 'DC',
    postalCode: '20374',
    countryCode: 'US',
  });

  it('previews a registration: the quote and until when it holds, and nothing else changes', async () => {
    const name = fresh('ai');
    const before = await balance();
    const head = await subject.app.get(EventStore).head();
    const preview = await reseller.call('POST', '/domains?$preview=true', {
      name,
      owner: { type: 'SELF', contact: grace('preview@example.net') },
      dns: { period: 3 },
    });
    expect(preview.status).toBe(201);
    expect(preview.body).toMatchObject({
      '@type': 'domain-engine/partner.v3.DomainOperationResult',
      operation: {
        status: 'PREVIEW',
        type: 'DOMAIN_ADMIN_UPDATE',
        domain: name,
        validUntilTimestamp: expect.any(Number),
        billing: [{ type: 'CHARGE', reason: 'DOMAIN_REGISTRATION', amount: { usdCents: 3 * 8999 } }],
        dependencies: [
          { type: 'CONTACT_CREATE', status: 'PREVIEW' },
          { type: 'DOMAIN_REGISTER', status: 'PREVIEW', parameters: { owner: { new: true }, contacts: {}, period: 3 } },
        ],
      },
    });
    expect(preview.body.operation.validUntilTimestamp - preview.body.operation.createdAtTimestamp).toBe(15 * 60_000);
    await subject.settled();
    // the preview's own stream is all it appended to: no contact, charge, claim on the name or registry call
    const appended = await subject.app.get(EventStore).readAll(head, 100);
    expect([...new Set(appended.map((event) => event.streamId))]).toEqual([`operation-${preview.body.operation.id}`]);
    expect(await balance()).toBe(before);
    expect(await registry.info(name)).toBeUndefined();
    expect((await reseller.call('GET', `/domains?query=${name}`)).body.items[0].availability.status).toBe('AVAILABLE');
  });

  it('shows names an operation holds as pending among free ones, in one search', async () => {
    const [held, free] = [fresh(), fresh()];
    // what a registration's first step records for its name (the domain's activity stream), before anything else
    const id = randomBytes(8).toString('hex');
    await subject.app.get(EventStore).append(
      [
        {
          streamId: domainActivityStream(held),
          expectedVersion: 'no_stream',
          events: [{ type: 'DomainOperationStarted', data: { operationId: `op-${id}`, domain: held } }],
        },
      ],
      { commandId: id, correlationId: id, causationId: id, accountId: reseller.accountId },
    );
    const found = (await reseller.call('GET', `/domains?query=${held}&query=${free}`)).body.items;
    expect(
      found.map((item: { name: string; availability: { status: string } }) => [item.name, item.availability.status]),
    ).toEqual([
      [held, 'REGISTRATION_PENDING'],
      [free, 'AVAILABLE'],
    ]);
  });

  it('registers with an inline registrant: contact created and mailed, name at the registry, price charged', async () => {
    const name = fresh();
    const before = await balance();
    const reply = await reseller.call('POST', '/domains', {
      name,
      owner: { type: 'SELF', contact: grace('grace@example.net') },
      dns: { period: 2 },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.operation.status).toBe('QUEUED');
    // charged in the same append that started it
    expect(await balance()).toBe(before + 2 * 1299);
    const done = await reseller.operation(reply.body.operation.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      dependencies: [
        { type: 'CONTACT_CREATE', status: 'COMPLETED' },
        { type: 'DOMAIN_REGISTER', status: 'COMPLETED', result: { name } },
      ],
    });
    const contactId = done.dependencies[0].result.id as string;
    const info = await registry.info(name);
    expect(info).toMatchObject({ sponsoredByUs: true, phase: 'ACTIVE' });
    expect(info?.contacts).toEqual({ registrant: contactId, admin: contactId, tech: contactId, billing: contactId });
    expect((await inbox.mailTo('grace@example.net')).subject).toBe('Confirm your contact details');
    expect((await reseller.call('GET', `/domains?query=${name}`)).body.items[0].availability.status).toBe('REGISTERED');
    expect((await reseller.call('GET', `/domains/${name}/pending-operations`)).body.items).toEqual([]);
  });

  it('registers with existing contacts by id, for the shortest period when none is asked', async () => {
    const created = await reseller.call('POST', '/contacts', grace('owner@example.net'));
    const owner = created.body.operation.dependencies[0].parameters.contactId as string;
    const tech = (await reseller.call('POST', '/contacts', grace('tech@example.net'))).body.operation.dependencies[0]
      .parameters.contactId as string;
    const name = fresh('ai');
    const reply = await reseller.call('POST', '/domains', {
      name,
      owner: { type: 'SELF', contact: { id: owner } },
      dns: { contacts: { tech: { id: tech } } },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.operation.dependencies).toEqual([
      expect.objectContaining({
        type: 'DOMAIN_REGISTER',
        parameters: {
          owner: { new: false, id: owner },
          contacts: { tech: { new: false, id: tech } },
          period: 2,
        },
      }),
    ]);
    expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
    expect((await registry.info(name))?.contacts).toEqual({
      registrant: owner,
      admin: owner,
      tech,
      billing: owner,
    });
  });

  it('sets the flags, nameservers, DS records and records asked for as it registers', async () => {
    const name = fresh();
    const setup = {
      nameservers: ['ns1.example.net', 'ns2.example.net'],
      records: [{ type: 'A', values: ['192.0.2.10'], ttl: 300 }],
      dnssec: { items: [{ keyTag: 2371, algorithm: 13, digestType: 2, digest: 'a1'.repeat(32) }] },
    };
    const reply = await reseller.call('POST', '/domains', {
      name,
      owner: { type: 'SELF', contact: grace('flags@example.net') },
      dns: setup,
      flags: { DNS_RENEW: { status: 'DISABLED' }, DNS_WHOIS_PROXY: { status: 'DISABLED' } },
    });
    expect(reply.status).toBe(201);
    expect(await reseller.operation(reply.body.operation.id)).toMatchObject({
      status: 'COMPLETED',
      dependencies: [
        { type: 'CONTACT_CREATE' },
        { type: 'DOMAIN_REGISTER' },
        {
          type: 'DOMAIN_SET_NAMESERVERS',
          parameters: { items: setup.nameservers, dnssec: setup.dnssec.items },
          status: 'COMPLETED',
        },
        {
          type: 'DNS_RECORD_CREATE',
          parameters: { type: 'A', values: ['192.0.2.10'], ttl: 300 },
          result: { id: expect.stringMatching(/^rr-/) },
        },
        { type: 'DOMAIN_FLAG_LOCK_UPDATE', parameters: { locks: { DNS_RENEW: true, DNS_WHOIS_PROXY: true } } },
      ],
    });
    const flags = (await reseller.call('GET', `/domains/${name}/flags`)).body;
    expect([flags.DNS_RENEW.status, flags.DNS_WHOIS_PROXY.status, flags.DNS_DELETE.status]).toEqual([
      'DISABLED',
      'DISABLED',
      'ENABLED',
    ]);
    const info = await registry.info(name);
    expect([info?.nameservers, info?.ds]).toEqual([setup.nameservers, setup.dnssec.items]);
    expect((await reseller.call('GET', `/domains/${name}/dns`)).body.provider).toBe('EXTERNAL');
    expect((await reseller.call('GET', `/domains/${name}/dns/records`)).body.items).toMatchObject([
      { type: 'A', values: ['192.0.2.10'], ttl: 300 },
    ]);
  });

  it('refuses names that cannot be registered, periods outside the TLD, and contacts of others, charging nothing', async () => {
    const before = await balance();
    const owner = { type: 'SELF', contact: grace('refused@example.net') };
    const refused = async (body: object) => {
      const reply = await reseller.call('POST', '/domains', body);
      return [reply.status, reply.body.code];
    };
    expect(await refused({ name: 'google.com', owner })).toEqual([409, 'NOT_AVAILABLE']);
    expect(await refused({ name: 'example.com', owner })).toEqual([409, 'NOT_AVAILABLE']);
    expect(await refused({ name: fresh('ai'), owner, dns: { period: 1 } })).toEqual([400, 'VALIDATION']);
    expect(await refused({ name: fresh('co'), owner, dns: { period: 6 } })).toEqual([400, 'VALIDATION']);
    expect(await refused({ name: 'fresh.museum', owner })).toEqual([400, 'VALIDATION']);
    expect(await refused({ name: fresh(), owner: { type: 'SELF' } })).toEqual([400, 'VALIDATION']);
    expect(
      await refused({
        name: fresh(),
        owner: { type: 'SELF', contact: { id: 'con_00000000-0000-4000-8000-000000000000' } },
      }),
    ).toEqual([404, 'NOT_FOUND']);
    const other = await newReseller(subject, 'Other reseller');
    const theirs = (await other.call('POST', '/contacts', grace('theirs@example.net'))).body.operation.dependencies[0]
      .parameters.contactId as string;
    expect(await refused({ name: fresh(), owner: { type: 'SELF', contact: { id: theirs } } })).toEqual([
      404,
      'NOT_FOUND',
    ]);
    await subject.settled();
    expect(await balance()).toBe(before);
  });

  it('lets one of two concurrent registrations of a name through, and charges once', async () => {
    const name = fresh();
    const before = await balance();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        reseller.call('POST', '/domains', { name, owner: { type: 'SELF', contact: grace('race@example.net') } }),
      ),
    );
    const accepted = replies.filter((reply) => reply.status === 201);
    expect(accepted).toHaveLength(1);
    expect(
      replies
        .filter((reply) => reply.status === 409)
        .every((reply) => ['CONCURRENT_OPERATION', 'NOT_AVAILABLE'].includes(reply.body.code)),
    ).toBe(true);
    expect((await reseller.operation(accepted[0].body.operation.id)).status).toBe('COMPLETED');
    expect(await balance()).toBe(before + 1299);
  });
});
