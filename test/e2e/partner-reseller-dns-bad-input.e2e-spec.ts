import { randomBytes } from 'node:crypto';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

const NAME = `b${randomBytes(5).toString('hex')}.com`;
const HEX64 = 'ab'.repeat(32);
const DS = { keyTag: 1, algorithm: 13, digestType: 2, digest: HEX64 };

/** A record set to create, with one thing changed. */
const set = (type: string, values: unknown, extra: object = {}) => ({ type, values, ttl: 300, ...extra });

/** Bad values of each type, by its RFC: each must be refused with 400 when created alone. */
const BAD_VALUES: [string, string, string][] = [
  ['A', '192.0.2.256', 'an octet over 255'],
  ['A', '192.0.2', 'three octets'],
  ['A', '2001:db8::1', 'an IPv6 address'],
  ['A', 'example.com', 'a name'],
  ['A', ' 192.0.2.1x', 'trailing letters'],
  ['A', '', 'nothing'],
  ['AAAA', '192.0.2.1', 'an IPv4 address'],
  ['AAAA', '2001:db8::g', 'a letter past f'],
  ['AAAA', '2001:db8:::1', 'three colons'],
  ['AAAA', 'fe80::1%eth0', 'a zone index'],
  ['CNAME', 'not a host', 'spaces'],
  ['CNAME', 'host', 'a single label'],
  ['CNAME', '-bad.example.com', 'a label starting with a hyphen'],
  ['CNAME', `${'a'.repeat(64)}.example.com`, 'a label of 64 characters'],
  ['CNAME', `${'abc.'.repeat(64)}com`, 'a name over 253 characters'],
  ['NS', 'ns1..example.com', 'an empty label'],
  ['PTR', 'http://example.com', 'a URL'],
  ['MX', 'mail.example.com', 'no preference'],
  ['MX', '65536 mail.example.com', 'a preference over 65535'],
  ['MX', '-1 mail.example.com', 'a negative preference'],
  ['MX', '10 mail.example.com extra', 'a third field'],
  ['MX', '10 192.0.2.1', 'an address for the exchange'],
  ['TXT', 'line\nbreak', 'a control character'],
  ['TXT', 'nul\u0000byte', 'a NUL'],
  ['SRV', '10 60 5060', 'no target'],
  ['SRV', '10 60 70000 sip.example.com', 'a port over 65535'],
  ['SRV', 'a 60 5060 sip.example.com', 'a priority that is no number'],
  ['SRV', '10 60 5060 sip.example.com x', 'a fifth field'],
  ['CAA', '0 issue letsencrypt.org', 'an unquoted value'],
  ['CAA', '256 issue "letsencrypt.org"', 'flags over 255'],
  ['CAA', '0 is-sue "letsencrypt.org"', 'a tag with a hyphen'],
  ['CAA', '0 issue "lets encrypt!"', 'an issuer that is no domain'],
  ['CAA', '0 iodef "ftp://example.com"', 'an iodef that is not mailto or http(s)'],
  ['HTTPS', '1', 'no target'],
  ['HTTPS', '0 . alpn=h2', 'parameters on an alias'],
  ['HTTPS', '1 . port=99999', 'a port over 65535'],
  ['HTTPS', '1 . alpn', 'an alpn without value'],
  ['HTTPS', '1 . ipv4hint=2001:db8::1', 'an IPv6 hint as IPv4'],
  ['HTTPS', '1 . alpn=h2 alpn=h3', 'a key twice'],
  ['HTTPS', '1 . mandatory=port', 'a mandatory key not given'],
  ['SVCB', '1 . color=blue', 'an unknown key'],
  ['SVCB', '1 . no-default-alpn=yes', 'a value for a flag'],
  ['SVCB', '70000 .', 'a priority over 65535'],
  ['NAPTR', '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!"', 'no replacement'],
  ['NAPTR', '100 10 "U" "E2U+sip" "!^.*$!sip:x!" sip.example.com', 'both a regexp and a replacement'],
  ['NAPTR', '100 10 "U-1" "E2U+sip" "" sip.example.com', 'flags with a hyphen'],
  ['NAPTR', `100 10 "U" "E2U+sip" "!^.*$!${'x'.repeat(300)}!" .`, 'a regexp over 255 bytes'],
  ['SSHFP', '5 1 ' + 'ab'.repeat(20), 'algorithm 5'],
  ['SSHFP', '1 3 ' + 'ab'.repeat(20), 'fingerprint type 3'],
  ['SSHFP', '1 1 ' + 'ab'.repeat(19), 'a short SHA-1 fingerprint'],
  ['SSHFP', '1 2 ' + 'zz'.repeat(32), 'a fingerprint that is no hex'],
  ['TLSA', '4 0 1 ' + HEX64, 'usage 4'],
  ['TLSA', '3 2 1 ' + HEX64, 'selector 2'],
  ['TLSA', '3 1 3 ' + HEX64, 'matching type 3'],
  ['TLSA', '3 1 1 ' + 'ab'.repeat(31), 'a short SHA-256'],
  ['TLSA', '3 1 0 abc', 'an odd number of hex digits'],
  ['DS', `1 13 2 ${'ab'.repeat(31)}`, 'a short SHA-256 digest'],
  ['DS', `1 5 2 ${HEX64}`, 'algorithm 5'],
  ['DS', `1 13 1 ${'ab'.repeat(20)}`, 'digest type 1'],
  ['DS', `70000 13 2 ${HEX64}`, 'a key tag over 65535'],
];

/** Bad shapes, zones and sets of records, nameservers and DS records, each with where it is sent. */
const BAD_REQUESTS: [string, 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, unknown][] = [
  ['a TTL under 60', 'POST', '/dns/records', set('A', ['192.0.2.1'], { ttl: 59 })],
  ['a TTL over a week', 'POST', '/dns/records', set('A', ['192.0.2.1'], { ttl: 604_801 })],
  ['a TTL that is a fraction', 'POST', '/dns/records', set('A', ['192.0.2.1'], { ttl: 300.5 })],
  ['a TTL as text', 'POST', '/dns/records', set('A', ['192.0.2.1'], { ttl: '300' })],
  ['a type that is none', 'POST', '/dns/records', set('AXFR', ['x'])],
  ['SOA, which is ours', 'POST', '/dns/records', set('SOA', ['x'])],
  ['no values', 'POST', '/dns/records', set('A', [])],
  [
    '101 values',
    'POST',
    '/dns/records',
    set(
      'TXT',
      Array.from({ length: 101 }, (_, index) => `v${index}`),
    ),
  ],
  ['a value over 1000 characters', 'POST', '/dns/records', set('TXT', ['x'.repeat(1001)])],
  [
    'values over 16,000 bytes in all',
    'POST',
    '/dns/records',
    set(
      'TXT',
      Array.from({ length: 100 }, (_, index) => `${index}`.padEnd(161, 'x')),
    ),
  ],
  ['a value that is a number', 'POST', '/dns/records', set('A', [19202])],
  ['values that repeat', 'POST', '/dns/records', set('A', ['192.0.2.1', '192.0.2.1'])],
  ['two CNAME targets', 'POST', '/dns/records', set('CNAME', ['a.example.com', 'b.example.com'], { subName: 'x' })],
  ['a CNAME at the apex', 'POST', '/dns/records', set('CNAME', ['a.example.com'])],
  ['a CNAME beside other records', 'POST', '/dns/records', set('CNAME', ['a.example.com'], { subName: 'taken' })],
  ['NS at the apex', 'POST', '/dns/records', set('NS', ['ns1.example.com'])],
  ['a DS without nameservers', 'POST', '/dns/records', set('DS', [`1 13 2 ${HEX64}`], { subName: 'child' })],
  ['an ALIAS beside addresses', 'POST', '/dns/records', set('ALIAS', ['a.example.com'], { subName: 'taken' })],
  ['a sub name with a space', 'POST', '/dns/records', set('A', ['192.0.2.1'], { subName: 'bad name' })],
  ['a wildcard not first', 'POST', '/dns/records', set('A', ['192.0.2.1'], { subName: 'a.*' })],
  ['a sub name label of 64', 'POST', '/dns/records', set('A', ['192.0.2.1'], { subName: 'a'.repeat(64) })],
  ['an unknown $upsert', 'POST', '/dns/records', set('A', ['192.0.2.1'], { $upsert: 'MERGE' })],
  ['an unknown property', 'POST', '/dns/records', set('A', ['192.0.2.1'], { color: 'red' })],
  // names every object has: whitelisting never sees them unless the pipe looks for them
  ...['prototype', 'constructor', '__defineGetter__', 'toString', 'hasOwnProperty', 'valueOf'].map(
    (key): (typeof BAD_REQUESTS)[number] => [
      `a property named ${key}`,
      'POST',
      '/dns/records',
      set('A', ['192.0.2.1'], { subName: 'fresh', [key]: 1 }),
    ],
  ),
  [
    'a property named constructor in a batch creation',
    'PATCH',
    '',
    { records: { create: [set('A', ['192.0.2.7'], { subName: 'deep', constructor: { prototype: 1 } })] } },
  ],
  ['an update without values', 'PATCH', '/dns/records/<RR>', { ttl: 300 }],
  ['an update to a bad value', 'PATCH', '/dns/records/<RR>', { values: ['192.0.2.300'] }],
  ['an update of a record id that is none', 'PATCH', '/dns/records/rr-1', { values: ['192.0.2.9'] }],
  [
    'a batch with one bad creation',
    'PATCH',
    '',
    { records: { create: [set('A', ['192.0.2.7'], { subName: 'ok' }), set('A', ['bad'], { subName: 'no' })] } },
  ],
  ['a batch with one bad update', 'PATCH', '', { records: { update: [{ id: '<RR>', values: ['2001:db8::1'] }] } }],
  ['a batch deleting a record twice', 'PATCH', '', { records: { delete: ['<RR>', '<RR>'] } }],
  ['a batch deleting an id that is none', 'PATCH', '', { records: { delete: ['rr-x'] } }],
  [
    'a batch of 101 creations',
    'PATCH',
    '',
    {
      records: { create: Array.from({ length: 101 }, (_, index) => set('A', ['192.0.2.1'], { subName: `h${index}` })) },
    },
  ],
  [
    'a batch that makes a CNAME share its name',
    'PATCH',
    '',
    {
      records: {
        create: [set('CNAME', ['a.example.com'], { subName: 'pair' }), set('TXT', ['x'], { subName: 'pair' })],
      },
    },
  ],
  ['no nameservers', 'PUT', '/dns/nameservers', { items: [] }],
  [
    '14 nameservers',
    'PUT',
    '/dns/nameservers',
    { items: Array.from({ length: 14 }, (_, index) => `ns${index}.example.net`) },
  ],
  [
    '21 nameservers',
    'PUT',
    '/dns/nameservers',
    { items: Array.from({ length: 21 }, (_, index) => `ns${index}.example.net`) },
  ],
  ['a nameserver twice', 'PUT', '/dns/nameservers', { items: ['ns1.example.net', 'NS1.example.net.'] }],
  ['a nameserver that is no host name', 'PUT', '/dns/nameservers', { items: ['ns 1.example.net'] }],
  ['a nameserver that is an address', 'PUT', '/dns/nameservers', { items: ['192.0.2.53'] }],
  ['a nameserver with an underscore', 'PUT', '/dns/nameservers', { items: ['ns_1.example.net'] }],
  ['the domain itself as nameserver', 'PUT', '/dns/nameservers', { items: [NAME] }],
  ['a nameserver inside the domain without glue', 'PUT', '/dns/nameservers', { items: [`ns1.${NAME}`] }],
  ['nameservers as text', 'PUT', '/dns/nameservers', { items: 'ns1.example.net' }],
  [
    '9 DS records',
    'PUT',
    '/dns/nameservers',
    {
      items: ['ns1.example.net'],
      dnssec: { items: Array.from({ length: 9 }, (_, index) => ({ ...DS, keyTag: index })) },
    },
  ],
  [
    'a DS of algorithm 5',
    'PUT',
    '/dns/nameservers',
    { items: ['ns1.example.net'], dnssec: { items: [{ ...DS, algorithm: 5 }] } },
  ],
  [
    'a DS of digest type 1',
    'PUT',
    '/dns/nameservers',
    { items: ['ns1.example.net'], dnssec: { items: [{ ...DS, digestType: 1 }] } },
  ],
  [
    'a DS digest too short',
    'PUT',
    '/dns/nameservers',
    { items: ['ns1.example.net'], dnssec: { items: [{ ...DS, digest: 'ab' }] } },
  ],
  [
    'a SHA-384 digest of 64 digits',
    'PUT',
    '/dns/nameservers',
    { items: ['ns1.example.net'], dnssec: { items: [{ ...DS, digestType: 4 }] } },
  ],
  [
    'a DS digest that is no hex',
    'PUT',
    '/dns/nameservers',
    { items: ['ns1.example.net'], dnssec: { items: [{ ...DS, digest: 'zz'.repeat(32) }] } },
  ],
  [
    'a DS key tag over 65535',
    'PUT',
    '/dns/nameservers',
    { items: ['ns1.example.net'], dnssec: { items: [{ ...DS, keyTag: 65_536 }] } },
  ],
  [
    'a DS without its digest',
    'PUT',
    '/dns/nameservers',
    { items: ['ns1.example.net'], dnssec: { items: [{ keyTag: 1, algorithm: 13, digestType: 2 }] } },
  ],
  [
    'DS records with our nameservers',
    'PATCH',
    '',
    { nameservers: { $revertToManaged: true, dnssec: { items: [DS] } } },
  ],
  [
    'nameservers and $revertToManaged at once',
    'PATCH',
    '',
    { nameservers: { items: ['ns1.example.net'], $revertToManaged: true } },
  ],
  ['dnssec without enabled', 'PATCH', '', { dnssec: {} }],
  ['hosting of a type that is none', 'PUT', '/dns/hosting', { type: 'FRAME', targetUrl: 'https://example.org' }],
  ['hosting without a target', 'PUT', '/dns/hosting', { type: 'REDIRECT_301' }],
  ['hosting to an ftp URL', 'PUT', '/dns/hosting', { type: 'REDIRECT_301', targetUrl: 'ftp://example.org' }],
  ['hosting to a relative URL', 'PUT', '/dns/hosting', { type: 'REDIRECT_302', targetUrl: '/elsewhere' }],
  [
    'hosting to a URL with credentials',
    'PUT',
    '/dns/hosting',
    { type: 'REVERSE_PROXY', targetUrl: 'https://u:p@example.org' },
  ],
  [
    'hosting a wildcard',
    'PUT',
    '/dns/hosting',
    { type: 'REDIRECT_301', targetUrl: 'https://example.org', subName: '*.x' },
  ],
  [
    'hosting a name with addresses',
    'PUT',
    '/dns/hosting',
    { type: 'REDIRECT_301', targetUrl: 'https://example.org', subName: 'taken' },
  ],
  ...[
    'http://127.0.0.1:8080',
    'http://localhost/',
    'http://app.localhost/',
    'http://10.1.2.3/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://192.0.2.80/', // the service's own HOSTING_ADDRESS in the tests
  ].map((targetUrl): (typeof BAD_REQUESTS)[number] => [
    `a reverse proxy to ${targetUrl}`,
    'PUT',
    '/dns/hosting',
    { type: 'REVERSE_PROXY', targetUrl, subName: 'proxied' },
  ]),
  ['removing hosting of a name not hosted', 'DELETE', '/dns/hosting', { subName: 'nothing' }],
  ['dnssec enabled as text', 'PATCH', '', { dnssec: { enabled: 'yes' } }],
];

/**
 * Bad DNS input on surface D: record values of every type against their RFCs, zone rules, TTLs, batches with one bad
 * entry, nameserver sets, DS records and hosting, all answered 400 in surface D's error format; afterwards the zone,
 * the nameservers and the DS records are as they were, and no operation was made.
 */
describe('bad DNS input on surface D', () => {
  let subject: TestApp;
  let reseller: Partner;
  let registry: SandboxRegistry;
  let recordId: string;
  let before: { records: unknown; registry: unknown; operations: number };

  const state = async () => ({
    records: (await reseller.call('GET', `/domains/${NAME}/dns/records`)).body.items,
    registry: await registry.info(NAME).then((info) => [info?.nameservers, info?.ds]),
    operations: (await reseller.call('GET', '/operations')).body.items.length,
  });

  beforeAll(async () => {
    // as in production: reverse proxies reach neither private origins nor the service itself
    subject = await createTestApp({ env: { HOSTING_ALLOW_PRIVATE_TARGETS: 'false', HOSTING_ADDRESS: '192.0.2.80' } });
    reseller = await newReseller(subject);
    registry = subject.app.get(SandboxRegistry);
    const registered = await reseller.call('POST', '/domains', {
      name: NAME,
      owner: {
        type: 'SELF',
        contact: {
          firstName: 'Jon',
          lastName: 'Postel',
          email: 'jon@example.net',
          phone: { dialingPrefix: '1', number: '310 555 0190' },
          street: '4676 Admiralty Way',
          city: 'Marina del Rey',
          stateProvince: 'CA',
          postalCode: '90292',
          countryCode: 'US',
        },
      },
      dns: { records: [set('A', ['192.0.2.1'], { subName: 'taken' })] },
    });
    const op = await reseller.operation(registered.body.operation.id);
    expect(op.status).toBe('COMPLETED');
    recordId = op.dependencies.find((dependency: { type: string }) => dependency.type === 'DNS_RECORD_CREATE').result
      .id;
    before = await state();
  });
  afterAll(() => subject?.close());

  it.each(BAD_VALUES)('refuses %s value %j (%s) with 400', async (type, value) => {
    const subName = type === 'SRV' ? '_sip._tcp' : type === 'TLSA' ? '_443._tcp' : type === 'DS' ? 'child' : 'v';
    const reply = await reseller.call('POST', `/domains/${NAME}/dns/records`, set(type, [value], { subName }));
    expect([reply.status, reply.body.code]).toEqual([400, 'VALIDATION']);
    expect(reply.body.message).toEqual(expect.any(String));
  });

  it.each(BAD_REQUESTS)('refuses %s with 400', async (_label, method, path, body) => {
    const filled = JSON.parse(JSON.stringify(body).replaceAll('<RR>', recordId));
    const reply = await reseller.call(method, `/domains/${NAME}${path.replace('<RR>', recordId)}`, filled);
    expect(reply.status).toBe(400);
    expect(['VALIDATION', 'MULTIPLE_ERRORS', 'BAD_REQUEST']).toContain(reply.body.code);
  });

  it('has at least 80 cases', () => expect(BAD_VALUES.length + BAD_REQUESTS.length).toBeGreaterThanOrEqual(80));

  it('changed nothing: the records, the nameservers and DS records at the registry, no operation made', async () => {
    await subject.settled();
    expect(await state()).toEqual(before);
  });
});
