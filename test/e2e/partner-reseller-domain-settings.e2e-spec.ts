import { randomBytes } from 'node:crypto';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, newWeb3Partner, Partner } from '../support/web3-partner';

const DAY_MS = 86_400_000;
const grace = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.net',
  phone: { dialingPrefix: '1', number: '202 555 0143' },
  street: '1 Navy Yard',
  city: 'Washington',
  stateProvince: 'DC',
  postalCode: '20374',
  countryCode: 'US',
};
const oneYearAfter = (at: number) => {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
};

/**
 * One name of a reseller through HTTP: its detail with `$expand`, its DNS metadata, its flags (mapped to the
 * registry's client statuses, read-only where the registry would refuse), and the authorization code shown only
 * once transfers out are allowed.
 */
describe('a reseller’s name: detail, flags and authorization code (surface D)', () => {
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
    name = `s${randomBytes(5).toString('hex')}.com`;
    const reply = await reseller.call('POST', '/domains', {
      name,
      owner: {
        type: 'SELF',
        contact: {
          firstName: 'Alan',
          lastName: 'Turing',
          email: 'alan@example.net',
          phone: { dialingPrefix: '44', number: '161 496 0000' },
          street: '1 Bletchley Park',
          city: 'Milton Keynes',
          stateProvince: 'Buckinghamshire',
          postalCode: 'MK3 6EB',
          countryCode: 'GB',
        },
      },
    });
    expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
  });
  afterAll(() => subject?.close());

  const flagStatuses = async () =>
    Object.fromEntries(
      Object.entries((await reseller.call('GET', `/domains/${name}/flags`)).body)
        .filter(([key]) => key.startsWith('DNS_'))
        .map(([key, value]) => [key, (value as { status: string }).status]),
    );

  it('shows the account’s own name with its registrant, registration and flags', async () => {
    const info = (await registry.info(name))!;
    const reply = await reseller.call('GET', `/domains/${name}?$expand=registration&$expand=flags`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      name,
      owner: { type: 'SERVICE', contactId: info.contacts!.registrant },
      availability: { status: 'REGISTERED' },
      registration: {
        status: 'REGISTERED',
        registryCreatedDate: new Date(info.createdAt).toISOString(),
        expirationDate: new Date(info.expiresAt).toISOString(),
        expirationGracePeriodDate: new Date(info.expiresAt + 45 * DAY_MS).toISOString(),
        pricing: { renewal: { listPrice: { usdCents: 1499 } } },
      },
      flags: {
        DNS_RESOLUTION: { status: 'ENABLED' },
        DNS_TRANSFER_OUT: {
          status: 'DISABLED',
          readonly: { state: true, reasons: [{ code: 'TRANSFER_LOCK', untilTimestamp: info.createdAt + 60 * DAY_MS }] },
        },
        DNS_WHOIS_PROXY: { status: 'ENABLED' },
        DNS_UNS_TOKENIZATION: { status: 'DISABLED' },
      },
    });
    expect(reply.body.flags.DNS_RESOLUTION.readonly).toBeUndefined();
    // without $expand, neither part; in a list, the same owner
    expect((await reseller.call('GET', `/domains/${name}`)).body.registration).toBeUndefined();
    expect((await reseller.call('GET', `/domains?query=${name}&$expand=flags`)).body.items[0]).toMatchObject({
      owner: { type: 'SERVICE' },
      flags: { DNS_DELETE: { status: 'ENABLED' } },
    });
    // to anyone else it is a name registered to someone
    const theirs = await other.call('GET', `/domains/${name}?$expand=registration`);
    expect(theirs.body.owner).toEqual({ type: 'UNKNOWN' });
    expect(theirs.body.registration).toBeUndefined();
    expect((await reseller.call('GET', '/domains/google.com?$expand=registration')).body.owner).toEqual({
      type: 'UNKNOWN',
    });
  });

  it('answers the DNS metadata of the account’s name, and 404 for another account', async () => {
    const info = (await registry.info(name))!;
    const reply = await reseller.call('GET', `/domains/${name}/dns`);
    expect(reply.body).toEqual({
      '@type': 'domain-engine/partner.v3.IcannDomainDnsMetadata',
      provider: 'SERVICE',
      registration: {
        status: 'REGISTERED',
        registryCreatedDate: new Date(info.createdAt).toISOString(),
        expirationDate: new Date(info.expiresAt).toISOString(),
        expirationGracePeriodDate: new Date(info.expiresAt + 45 * DAY_MS).toISOString(),
      },
    });
    for (const path of ['/dns', '/flags', '/dns/authorization-code', '/renewals']) {
      expect((await other.call('GET', `/domains/${name}${path}`)).status).toBe(404);
    }
    expect((await other.call('PATCH', `/domains/${name}/flags`, { DNS_RENEW: { status: 'DISABLED' } })).status).toBe(
      404,
    );
    const web3 = await newWeb3Partner(subject);
    expect((await web3.call('GET', `/domains/${name}/flags`)).status).toBe(403);
  });

  it('tells whether a name can be transferred in with its code, and every reason it cannot', async () => {
    const eligibility = async (domain: string, authorizationCode: string) => {
      const reply = await other.call('POST', `/domains/${domain}/dns/transfers/inbound-eligibility`, {
        authorizationCode,
      });
      expect(reply.status).toBe(201);
      return reply.body;
    };
    const taken = (await registry.info('taken.com'))!;
    expect(await eligibility('taken.com', 'Sandbox-Transfer-1!')).toEqual({
      isEligible: true,
      reasons: [],
      expirationDate: new Date(taken.expiresAt).toISOString(),
      projectedExpirationDate: oneYearAfter(taken.expiresAt),
      projectedExtensionPeriod: 1,
    });
    expect((await eligibility('google.com', 'not-its-code')).reasons).toEqual([
      'REGISTRAR_LOCKED',
      'INVALID_AUTHORIZATION',
    ]);
    // a new name of ours: locked against transfers out too
    expect((await eligibility(name, 'not-its-code')).reasons).toEqual([
      'ALREADY_TRANSFERRED',
      'REGISTRAR_LOCKED',
      'TRANSFER_DATE_NOT_REACHED',
      'INVALID_AUTHORIZATION',
    ]);
    expect(await eligibility('nobody-has-this-one.com', 'some-code')).toEqual({
      isEligible: false,
      reasons: ['NOT_REGISTERED'],
    });
    expect((await eligibility('example.museum', 'some-code')).reasons).toEqual(['INVALID_TLD_FOR_TRANSFER']);
    const short = await other.call('POST', `/domains/taken.com/dns/transfers/inbound-eligibility`, {
      authorizationCode: 'ab',
    });
    expect([short.status, short.body.code]).toEqual([400, 'VALIDATION']);
  });

  it('changes flags in one operation, mapped to the registry’s client statuses; previews change nothing', async () => {
    const preview = await reseller.call('PATCH', `/domains/${name}/flags?$preview=true`, {
      DNS_RENEW: { status: 'DISABLED' },
    });
    expect(preview.body.operation).toMatchObject({ status: 'PREVIEW', type: 'DOMAIN_FLAGS_UPDATE' });
    await subject.settled();
    expect((await registry.info(name))!.statuses).not.toContain('clientRenewProhibited');

    const reply = await reseller.call('PATCH', `/domains/${name}/flags`, {
      DNS_RENEW: { status: 'DISABLED' },
      DNS_WHOIS_PROXY: { status: 'DISABLED' },
      DNS_DELETE: { status: 'ENABLED' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body['@type']).toBe('domain-engine/partner.v3.DomainFlagOperationResult');
    expect(await reseller.operation(reply.body.operation.id)).toMatchObject({
      status: 'COMPLETED',
      dependencies: [
        {
          type: 'DOMAIN_FLAG_LOCK_UPDATE',
          parameters: { locks: { DNS_RENEW: true, DNS_WHOIS_PROXY: true } },
        },
      ],
    });
    expect(await flagStatuses()).toEqual({
      DNS_RESOLUTION: 'ENABLED',
      DNS_TRANSFER_OUT: 'DISABLED',
      DNS_DELETE: 'ENABLED',
      DNS_RENEW: 'DISABLED',
      DNS_UPDATE: 'ENABLED',
      DNS_WHOIS_PROXY: 'DISABLED',
    });
    expect((await registry.info(name))!.statuses).toEqual(
      expect.arrayContaining(['clientRenewProhibited', 'clientTransferProhibited']),
    );
    expect((await reseller.call('GET', `/domains/${name}/renewals`)).body.isEligible).toBe(false);

    const again = await reseller.call('PATCH', `/domains/${name}/flags`, { DNS_RENEW: { status: 'DISABLED' } });
    expect([again.status, again.body.code]).toEqual([400, 'NO_CHANGE']);
    const locked = await reseller.call('PATCH', `/domains/${name}/flags`, { DNS_TRANSFER_OUT: { status: 'ENABLED' } });
    expect([locked.status, locked.body.code]).toEqual([400, 'VALIDATION']);
    expect(locked.body.message).toMatch(/DNS_TRANSFER_OUT is read-only now \(no transfer within 60 days/);
    const bad = await reseller.call('PATCH', `/domains/${name}/flags`, { DNS_RENEW: { status: 'ON' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION']);
  });

  it('assigns contacts to roles, and changes contacts and flags in one operation, in the order the registry needs', async () => {
    const info = (await registry.info(name))!;
    const registrant = info.contacts!.registrant;
    const shown = await reseller.call('GET', `/domains/${name}/dns/contacts`);
    expect(shown.body).toMatchObject({
      '@type': 'domain-engine/partner.v3.DomainContacts',
      owner: { id: registrant, firstName: 'Alan' },
      tech: { id: registrant },
    });

    const newTech = await reseller.call('PATCH', `/domains/${name}/dns/contacts`, {
      tech: { ...grace, email: 'tech@example.net' },
    });
    expect(newTech.body['@type']).toBe('domain-engine/partner.v3.DomainContactOperationResult');
    const done = await reseller.operation(newTech.body.operation.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      type: 'DOMAIN_CONTACTS_UPDATE',
      dependencies: [{ type: 'CONTACT_CREATE' }, { type: 'DOMAIN_DNS_CONTACT_SET' }],
    });
    const tech = done.dependencies[1].parameters.tech.id as string;
    expect((await registry.info(name))!.contacts).toEqual({ registrant, admin: registrant, tech, billing: registrant });
    expect((await reseller.call('GET', `/domains/${name}/dns/contacts`)).body.tech).toMatchObject({
      id: tech,
      email: 'tech@example.net',
    });

    // contacts first, then the lock that would refuse them
    const locking = await reseller.call('PATCH', `/domains/${name}`, {
      contacts: { admin: { id: tech } },
      flags: { DNS_UPDATE: { status: 'DISABLED' } },
    });
    expect(await reseller.operation(locking.body.operation.id)).toMatchObject({
      status: 'COMPLETED',
      type: 'DOMAIN_ADMIN_UPDATE',
      dependencies: [{ type: 'DOMAIN_DNS_CONTACT_SET' }, { type: 'DOMAIN_FLAG_LOCK_UPDATE' }],
    });
    expect((await registry.info(name))!.statuses).toContain('clientUpdateProhibited');
    const refused = await reseller.call('PATCH', `/domains/${name}/dns/contacts`, { billing: { id: tech } });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/DNS_UPDATE is off/)]);
    // the lock lifted first, then the contacts
    const unlocking = await reseller.call('PATCH', `/domains/${name}`, {
      contacts: { billing: { id: tech } },
      flags: { DNS_UPDATE: { status: 'ENABLED' } },
    });
    expect(await reseller.operation(unlocking.body.operation.id)).toMatchObject({
      status: 'COMPLETED',
      dependencies: [{ type: 'DOMAIN_FLAG_LOCK_UPDATE' }, { type: 'DOMAIN_DNS_CONTACT_SET' }],
    });
    expect((await registry.info(name))!.contacts).toEqual({ registrant, admin: tech, tech, billing: tech });

    const same = await reseller.call('PATCH', `/domains/${name}`, { contacts: { tech: { id: tech } } });
    expect([same.status, same.body.code]).toEqual([400, 'NO_CHANGE']);
    const theirs = (await other.call('POST', '/contacts', grace)).body.operation.dependencies[0].parameters
      .contactId as string;
    expect((await reseller.call('PATCH', `/domains/${name}/dns/contacts`, { tech: { id: theirs } })).status).toBe(404);
    expect((await other.call('GET', `/domains/${name}/dns/contacts`)).status).toBe(404);
  });

  it('shows the authorization code only once transfers out are allowed, after the 60-day lock', async () => {
    const locked = await reseller.call('GET', `/domains/${name}/dns/authorization-code`);
    expect([locked.status, locked.body.code]).toEqual([409, 'TRANSFER_LOCKED']);

    await registry.advanceClock(61 * DAY_MS);
    expect((await reseller.call('GET', `/domains/${name}/flags`)).body.DNS_TRANSFER_OUT.readonly).toBeUndefined();
    expect((await reseller.call('GET', `/domains/${name}/dns/authorization-code`)).body.code).toBe('TRANSFER_LOCKED');
    const unlocked = await reseller.call('PATCH', `/domains/${name}/flags`, {
      DNS_TRANSFER_OUT: { status: 'ENABLED' },
    });
    expect((await reseller.operation(unlocked.body.operation.id)).status).toBe('COMPLETED');

    const reply = await reseller.call('GET', `/domains/${name}/dns/authorization-code`);
    expect(reply.body).toEqual({
      '@type': 'domain-engine/partner.v3.ICannDomainTransferAuthorizationCode',
      code: expect.stringMatching(/^\S{16,64}$/),
    });
    // the code is the one the registry holds: another registrar can ask for the name with it
    await registry.requestTransferAsOtherRegistrar(name, reply.body.code);
    expect(await registry.queryTransfer(name)).toMatchObject({ status: 'PENDING', gaining: 'OTHER' });
    const flags = (await reseller.call('GET', `/domains/${name}/flags`)).body;
    expect(flags.DNS_UPDATE.readonly.reasons).toEqual([expect.objectContaining({ code: 'PENDING_TRANSFER' })]);
  });
});
