import { randomBytes, randomUUID } from 'node:crypto';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner, Reply } from '../support/web3-partner';

/**
 * Surface D refuses malformed input on every route with a 400 in its own error body (`VALIDATION`, or
 * `MULTIPLE_ERRORS` with one entry per problem), never a 500 and never after acting: a reseller with one registered
 * name sends the whole table, and afterwards has the one operation, charge and contact it had, and the registry
 * holds its name as before.
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface BadRequest {
  readonly method: Method;
  readonly path: string;
  readonly body?: unknown;
  /** Sent as is, with `content-type: application/json`. */
  readonly raw?: string;
  /** Two problems at once: `MULTIPLE_ERRORS` with an entry for each. */
  readonly problems?: 2;
}

const NAME = `b${randomBytes(5).toString('hex')}.com`;
const OP = `op-${randomUUID()}`;
const CON = `con_${randomUUID()}`;
const WH = `wh-${randomUUID()}`;
const contact = {
  firstName: 'Katherine',
  lastName: 'Johnson',
  email: 'katherine@example.net',
  phone: { dialingPrefix: '1', number: '757 555 0143' },
  street: '1 Langley Blvd',
  city: 'Hampton',
  stateProvince: 'VA',
  postalCode: '23681',
  countryCode: 'US',
};
const owner = (changes: object) => ({ type: 'SELF', contact: { ...contact, ...changes } });
const register = (body: object) => ({ name: `n${randomBytes(4).toString('hex')}.com`, owner: owner({}), ...body });
const many = (parameter: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${parameter}=a${index}`).join('&');

const get = (path: string): BadRequest => ({ method: 'GET', path });
const send = (method: Method, path: string, body: unknown): BadRequest => ({ method, path, body });
const twoProblems = (bad: BadRequest): BadRequest => ({ ...bad, problems: 2 });

const cases: [string, BadRequest][] = [
  // names, wherever a name is given
  ['a 64-character label', get(`/domains?query=${'a'.repeat(64)}.com`)],
  ['a name longer than 253 characters', get(`/domains/${Array(5).fill('a'.repeat(60)).join('.')}.com`)],
  ['a label starting with a hyphen', send('POST', '/domains', register({ name: '-a.com' }))],
  ['a label ending with a hyphen', send('POST', '/domains', register({ name: 'a-.com' }))],
  ['hyphens in the third and fourth positions', send('POST', '/domains', register({ name: 'ab--cd.com' }))],
  ['an empty label', get('/domains?query=a..com')],
  ['a subdomain', send('POST', '/domains', register({ name: 'www.example.com' }))],
  ['a space in the label', get('/domains/a%20b.com')],
  ['an underscore in the label', get('/pricing/dns/domains/a_b.com')],
  ['a NUL in the label', get('/domains?query=a%00.com')],
  ['an A-label that is not Punycode', send('POST', '/domains', register({ name: 'xn--zz.com' }))],
  ['a name without its TLD in renewals', get('/domains/example/renewals')],
  ['a TLD the service does not sell', send('POST', '/domains', register({ name: 'example.museum' }))],
  ['an ending the service does not sell', get('/domains?query=example&ending=museum')],
  ['a TLD that is not one', get('/tlds/c$m')],
  ['name: 12', send('POST', '/domains', register({ name: 12 }))],
  ['name: null', send('POST', '/domains', register({ name: null }))],
  ['no name', send('POST', '/domains', { owner: owner({}) })],
  ['an empty name', send('POST', '/domains', register({ name: '' }))],
  // arrays past their limits
  ['51 names', get(`/domains?${many('query', 51)}`)],
  ['21 endings', get(`/domains?query=a&${many('ending', 21)}`)],
  ['11 suggestion queries', get(`/suggestions/domains?${many('query', 11)}`)],
  ['an unknown $expand', get('/domains?query=abc&$expand=owner')],
  ['three $expand values', get('/domains?query=abc&$expand=flags&$expand=flags&$expand=flags')],
  ['no query', get('/domains')],
  // contacts: on their own, inline in a registration, in a role
  [
    'a phone number of too few digits',
    send('POST', '/contacts', { ...contact, phone: { dialingPrefix: '1', number: '555' } }),
  ],
  [
    'a phone number of letters',
    send('POST', '/contacts', { ...contact, phone: { dialingPrefix: '1', number: 'call me' } }),
  ],
  [
    'a dialing prefix that is none',
    send('POST', '/contacts', { ...contact, phone: { dialingPrefix: '999', number: '2025550143' } }),
  ],
  ['a phone without its prefix', send('POST', '/contacts', { ...contact, phone: { number: '2025550143' } })],
  ['a country that is none', send('POST', '/contacts', { ...contact, countryCode: 'XX' })],
  ['a three-letter country', send('POST', '/contacts', { ...contact, countryCode: 'USA' })],
  ['a US postal code of four digits', send('POST', '/contacts', { ...contact, postalCode: '2368' })],
  [
    'a Canadian postal code in US form',
    send('POST', '/contacts', { ...contact, countryCode: 'CA', stateProvince: 'ON', postalCode: '23681' }),
  ],
  ['a state that is not one of the country', send('POST', '/contacts', { ...contact, stateProvince: 'ZZ' })],
  ['an email without its domain', send('POST', '/contacts', { ...contact, email: 'katherine@' })],
  ['an email of 101 characters', send('POST', '/contacts', { ...contact, email: `${'k'.repeat(89)}@example.net` })],
  ['a first name of 101 characters', send('POST', '/contacts', { ...contact, firstName: 'K'.repeat(101) })],
  ['no last name', send('POST', '/contacts', { ...contact, lastName: undefined })],
  ['a blank city', send('POST', '/contacts', { ...contact, city: '   ' })],
  ['a contact with an unknown property', send('POST', '/contacts', { ...contact, nickname: 'KJ' })],
  [
    'an inline registrant with a bad phone',
    send('POST', '/domains', register({ owner: owner({ phone: { dialingPrefix: '1', number: '1' } }) })),
  ],
  [
    'an inline registrant without a country',
    send('POST', '/domains', register({ owner: owner({ countryCode: undefined }) })),
  ],
  [
    'a registrant id that is not one',
    send('POST', '/domains', register({ owner: { type: 'SELF', contact: { id: 'ct-1' } } })),
  ],
  [
    'a registrant with an id and fields',
    send('POST', '/domains', register({ owner: { type: 'SELF', contact: { id: CON, city: 'Hampton' } } })),
  ],
  ['no registrant', send('POST', '/domains', register({ owner: { type: 'SELF' } }))],
  ['an owner type that is not SELF', send('POST', '/domains', register({ owner: { type: 'OTHER', contact } }))],
  [
    'an admin contact with a field beside its id',
    send('POST', '/domains', register({ dns: { contacts: { admin: { id: CON, city: 'Hampton' } } } })),
  ],
  ['a contact role that is none', send('PATCH', `/domains/${NAME}/dns/contacts`, { registrant: { id: CON } })],
  ['a role contact id that is not one', send('PATCH', `/domains/${NAME}/dns/contacts`, { tech: { id: 'con_1' } })],
  [
    'a role contact with a bad postal code',
    send('PATCH', `/domains/${NAME}/dns/contacts`, { tech: { ...contact, postalCode: 'x' } }),
  ],
  ['a contact id that is not one', get('/contacts/ct-12')],
  // periods
  ['a period of 0', send('POST', '/domains', register({ dns: { period: 0 } }))],
  ['a period of 11', send('POST', '/domains', register({ dns: { period: 11 } }))],
  ['a period of 2.5', send('POST', '/domains', register({ dns: { period: 2.5 } }))],
  ['a period as text', send('POST', '/domains', register({ dns: { period: '2' } }))],
  ['a renewal of 0 years', send('POST', `/domains/${NAME}/renewals`, { period: 0 })],
  ['a renewal of 11 years', send('POST', `/domains/${NAME}/renewals`, { period: 11 })],
  ['a renewal without a period', send('POST', `/domains/${NAME}/renewals`, {})],
  [
    'a renewal from an expiry that is no date',
    send('POST', `/domains/${NAME}/renewals`, { period: 1, expirationDate: 'tomorrow' }),
  ],
  ['a renewal past the ten years', send('POST', `/domains/${NAME}/renewals`, { period: 10 })],
  [
    'a transfer for two years',
    send(
      'POST',
      '/domains',
      register({ name: 'taken.com', dns: { authorizationCode: 'Sandbox-Transfer-1!', period: 2 } }),
    ),
  ],
  // authorization codes
  ['an authorization code of 2 characters', send('POST', '/domains', register({ dns: { authorizationCode: 'ab' } }))],
  [
    'an authorization code of 251 characters',
    send('POST', '/domains', register({ dns: { authorizationCode: 'a'.repeat(251) } })),
  ],
  [
    'an authorization code that is a number',
    send('POST', '/domains', register({ dns: { authorizationCode: 123456 } })),
  ],
  ['an eligibility check without a code', send('POST', `/domains/taken.com/dns/transfers/inbound-eligibility`, {})],
  [
    'an eligibility check with a short code',
    send('POST', `/domains/taken.com/dns/transfers/inbound-eligibility`, { authorizationCode: 'ab' }),
  ],
  // flags
  ['a flag status that is none', send('PATCH', `/domains/${NAME}/flags`, { DNS_RENEW: { status: 'ON' } })],
  ['a flag that is none', send('PATCH', `/domains/${NAME}/flags`, { DNS_TELEPORT: { status: 'ENABLED' } })],
  ['a flag given as text', send('PATCH', `/domains/${NAME}/flags`, { DNS_RENEW: 'ENABLED' })],
  ['a read-only flag', send('PATCH', `/domains/${NAME}/flags`, { DNS_TRANSFER_OUT: { status: 'ENABLED' } })],
  [
    'transfers out allowed on a new name',
    send('POST', '/domains', register({ flags: { DNS_TRANSFER_OUT: { status: 'ENABLED' } } })),
  ],
  [
    'a registration flag status that is none',
    send('POST', '/domains', register({ flags: { DNS_RENEW: { status: 'NO' } } })),
  ],
  // nameservers, records and DS records asked with a registration
  [
    'a nameserver that is no host name',
    send('POST', '/domains', register({ dns: { nameservers: ['ns 1.example.net'] } })),
  ],
  [
    'a nameserver twice',
    send('POST', '/domains', register({ dns: { nameservers: ['ns1.example.net', 'NS1.example.net.'] } })),
  ],
  ['no nameservers', send('POST', '/domains', register({ dns: { nameservers: [] } }))],
  [
    '14 nameservers',
    send(
      'POST',
      '/domains',
      register({ dns: { nameservers: Array.from({ length: 14 }, (_, n) => `ns${n}.example.net`) } }),
    ),
  ],
  [
    'a record type that is none',
    send('POST', '/domains', register({ dns: { records: [{ type: 'XYZ', values: ['1'], ttl: 300 }] } })),
  ],
  [
    'a record TTL of 59 seconds',
    send('POST', '/domains', register({ dns: { records: [{ type: 'A', values: ['192.0.2.1'], ttl: 59 }] } })),
  ],
  [
    'a record without values',
    send('POST', '/domains', register({ dns: { records: [{ type: 'A', values: [], ttl: 300 }] } })),
  ],
  [
    'a DS digest of the wrong length',
    send(
      'POST',
      '/domains',
      register({ dns: { dnssec: { items: [{ keyTag: 1, algorithm: 13, digestType: 2, digest: 'ab' }] } } }),
    ),
  ],
  [
    'a DS algorithm the service does not take',
    send(
      'POST',
      '/domains',
      register({ dns: { dnssec: { items: [{ keyTag: 1, algorithm: 5, digestType: 2, digest: 'a'.repeat(64) }] } } }),
    ),
  ],
  [
    'nine DS records',
    send(
      'POST',
      '/domains',
      register({
        dns: {
          dnssec: {
            items: Array.from({ length: 9 }, (_, n) => ({
              keyTag: n,
              algorithm: 13,
              digestType: 2,
              digest: 'a'.repeat(64),
            })),
          },
        },
      }),
    ),
  ],
  [
    'a domain update with a bad flag',
    send('PATCH', `/domains/${NAME}`, { flags: { DNS_DELETE: { status: 'maybe' } } }),
  ],
  // unknown properties and parameters
  ['an unknown property', send('POST', '/domains', register({ color: 'red' }))],
  ['an unknown dns property', send('POST', '/domains', register({ dns: { ttl: 300 } }))],
  [
    'a record in the body of PATCH /domains with a bad address',
    send('PATCH', `/domains/${NAME}`, { records: { create: [{ type: 'A', values: ['192.0.2.256'], ttl: 300 }] } }),
  ],
  ['an unknown parameter', get('/tlds?color=red')],
  ['$preview=maybe', send('POST', '/domains?$preview=maybe', register({}))],
  ['$preview given twice', send('POST', '/domains?$preview=true&$preview=false', register({}))],
  ['$quote that is no operation id', send('POST', '/domains?$quote=plop_1', register({}))],
  ['$quote with $preview', send('POST', `/domains?$preview=true&$quote=${OP}`, register({}))],
  ['a body that is an array', send('POST', '/contacts', [contact])],
  ['a body that is not JSON', { method: 'POST', path: '/contacts', raw: '{"firstName": "K",' }],
  // cursors, ids, webhooks
  ['an operation cursor that is no integer', get('/operations?$cursor=abc')],
  ['an operation status that is none', get('/operations?status=DONE')],
  ['an operation id that is not one', get('/operations/plop_1')],
  ['a transactions cursor that is not base64 JSON', get('/account/billing/transactions?$cursor=%25%25')],
  [
    'a registrations cursor of another list',
    get(`/account/domain-registrations?$cursor=${Buffer.from('{"x":1}').toString('base64url')}`),
  ],
  ['a webhook without a url', send('POST', '/account/webhooks', { type: 'OPERATION_CREATED' })],
  [
    'a webhook type that is none',
    send('POST', '/account/webhooks', { url: 'https://example.com/h', type: 'EVERYTHING' }),
  ],
  ['a webhook id that is not one', get('/account/webhooks/wh-1')],
  ['a webhook deletion with a body property', send('DELETE', `/account/webhooks/${WH}?color=red`, undefined)],
  // two problems at once: one entry each
  [
    'a contact with a bad phone and a bad country',
    twoProblems(
      send('POST', '/contacts', { ...contact, phone: { dialingPrefix: '1', number: '1' }, countryCode: 'XX' }),
    ),
  ],
  [
    'a registration without name and with an unknown property',
    twoProblems(send('POST', '/domains', { owner: owner({}), color: 'red' })),
  ],
  [
    'a renewal of 0 years with an unknown property',
    twoProblems(send('POST', `/domains/${NAME}/renewals`, { period: 0, color: 'red' })),
  ],
];

describe('bad input on surface D', () => {
  let subject: TestApp;
  let reseller: Partner;
  let registry: SandboxRegistry;
  beforeAll(async () => {
    subject = await createTestApp();
    reseller = await newReseller(subject);
    registry = subject.app.get(SandboxRegistry);
    const registered = await reseller.call('POST', '/domains', { name: NAME, owner: owner({}) });
    expect((await reseller.operation(registered.body.operation.id)).status).toBe('COMPLETED');
  });
  afterAll(() => subject?.close());

  const request = async ({ method, path, body, raw: text }: BadRequest): Promise<Reply> => {
    if (text === undefined) return reseller.call(method, path, body);
    const response = await subject.app.inject({
      method,
      url: `/partner/v3${path}`,
      payload: text,
      headers: { authorization: `Bearer ${reseller.key}`, 'content-type': 'application/json' },
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };

  it('has a case for every kind of malformed input', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
    expect(new Set(cases.map(([title]) => title)).size).toBe(cases.length);
  });

  it.each(cases)('%s: 400', async (_title, bad) => {
    const reply = await request(bad);
    const code = bad.problems ? 'MULTIPLE_ERRORS' : 'VALIDATION';
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code });
    expect(reply.body.message).toMatch(/^[^:\s]/); // says something, and not ": …"
    if (bad.problems) {
      expect(reply.body.errors).toEqual([
        expect.objectContaining({ code: 'VALIDATION', message: expect.any(String) }),
        expect.objectContaining({ code: 'VALIDATION', message: expect.any(String) }),
      ]);
    }
  });

  it('changed nothing: the one registration, its charge and contact, the name at the registry as it was', async () => {
    await subject.settled();
    const operations = (await reseller.call('GET', '/operations')).body.items as { type: string }[];
    expect(operations.map((op) => op.type)).toEqual(['DOMAIN_ADMIN_UPDATE']);
    const transactions = (await reseller.call('GET', '/account/billing/transactions')).body.items;
    expect(transactions).toEqual([expect.objectContaining({ type: 'ORDER', amountUsdCents: 1299 })]);
    expect((await reseller.call('GET', '/account/webhooks')).body.items).toEqual([]);
    const info = (await registry.info(NAME))!;
    expect(info.statuses).toEqual(['clientTransferProhibited', 'addPeriod']);
    expect((await reseller.call('GET', `/domains/${NAME}/dns/records`)).body.items).toEqual([]);
    expect(new Set(Object.values(info.contacts!)).size).toBe(1);
    expect((await reseller.call('GET', '/account/domain-registrations')).body.items).toHaveLength(1);
  });
});
