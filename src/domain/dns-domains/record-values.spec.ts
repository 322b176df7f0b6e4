import { RecordType } from './dns-setup';
import { hostNameOf, parseRecordValue } from './record-values';

// Equivalent mutants in record-values.ts:
// - hostNameOf: `name.length === 0 ||` → `false`: an empty name is one label, which the two-label rule refuses.
// - fieldsOf: `pattern.lastIndex < value.length` → `true` or `<=`: at the end of the value the sticky pattern finds no
//   field, and the loop ends all the same.
// - svcValueProblem: `value === null ||` → `false` for mandatory, alpn, port, ipv4hint and ipv6hint: without a value
//   the list is empty (and `uint(null)` undefined), refused the same; `value?.split(',') ?? []` → `["Stryker was
//   here"]`: a key without a value is judged on `value === null` first; its `default:` dropped: a key not listed
//   falls out of the switch with the same `undefined`.
// - listProblem: `items.length === 0 ||` → `false`: a split gives at least one item.
// - parseServiceBinding: `mandatory?.value?.split` → `mandatory?.value.split`: mandatory without a value is refused
//   before.
// - the `?? ''` of a missing field → `?? "Stryker was here!"` (the priority, preference and SRV numbers, the DS and
//   TLSA numbers, NAPTR's order and preference, the SSHFP fingerprint and the TLSA data): `uint`, the host name
//   rules and the hex pattern refuse that text as they refuse an empty one.

/** Values each type takes, in the presentation forms its RFC writes, and the data they are read into. */
const VALID: [RecordType, string, object][] = [
  ['A', '192.0.2.1', { address: '192.0.2.1' }],
  ['AAAA', '2001:DB8::1', { address: '2001:db8::1' }],
  ['AAAA', '::ffff:192.0.2.1', { address: '::ffff:192.0.2.1' }],
  ['CNAME', 'Target.Example.NET.', { target: 'target.example.net' }],
  ['ALIAS', 'cdn.example.net', { target: 'cdn.example.net' }],
  ['NS', 'ns1.example.net', { target: 'ns1.example.net' }],
  ['PTR', '1.2.0.192.in-addr.arpa', { target: '1.2.0.192.in-addr.arpa' }],
  ['MX', '10 mail.example.net.', { preference: 10, exchange: 'mail.example.net' }],
  ['MX', '0 .', { preference: 0, exchange: '' }],
  ['TXT', 'v=spf1 include:_spf.example.net -all', { text: 'v=spf1 include:_spf.example.net -all' }],
  ['TXT', 'grüße ✓', { text: 'grüße ✓' }],
  ['SRV', '10 60 5060 sip.example.net', { priority: 10, weight: 60, port: 5060, target: 'sip.example.net' }],
  ['SRV', '0 0 0 .', { priority: 0, weight: 0, port: 0, target: '' }],
  ['CAA', '0 issue "letsencrypt.org"', { flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
  ['CAA', '128 issuewild ";"', { flags: 128, tag: 'issuewild', value: ';' }],
  ['CAA', '0 iodef "mailto:security@example.net"', { tag: 'iodef', value: 'mailto:security@example.net' }],
  ['CAA', '0 issue "ca.example.net; account=230123"', { value: 'ca.example.net; account=230123' }],
  ['DS', `60485 13 2 ${'AB'.repeat(32)}`, { keyTag: 60485, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }],
  ['DS', `1 15 4 ${'cd'.repeat(48)}`, { algorithm: 15, digestType: 4 }],
  [
    'HTTPS',
    '1 . alpn=h2,h3 port=8443',
    {
      priority: 1,
      target: '',
      params: [
        { key: 1, value: 'h2,h3' },
        { key: 3, value: '8443' },
      ],
    },
  ],
  ['HTTPS', '0 cdn.example.net', { priority: 0, target: 'cdn.example.net', params: [] }],
  [
    'SVCB',
    '1 svc.example.net mandatory=alpn alpn=dot no-default-alpn',
    { params: [{ key: 0 }, { key: 1 }, { key: 2, value: null }] },
  ],
  ['SVCB', '2 . ipv4hint=192.0.2.1,192.0.2.2 ipv6hint=2001:db8::1 key65000=x', { priority: 2 }],
  ['NAPTR', '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.net!" .', { order: 100, flags: 'U', replacement: '' }],
  [
    'NAPTR',
    '100 20 "S" "SIP+D2U" "" _sip._udp.example.net',
    { service: 'SIP+D2U', replacement: '_sip._udp.example.net' },
  ],
  ['SSHFP', `4 2 ${'ab'.repeat(32)}`, { algorithm: 4, fingerprintType: 2 }],
  ['SSHFP', `1 1 ${'AB'.repeat(20)}`, { fingerprint: 'ab'.repeat(20) }],
  ['TLSA', `3 1 1 ${'ab'.repeat(32)}`, { usage: 3, selector: 1, matchingType: 1 }],
  ['TLSA', '2 0 0 3082', { usage: 2, matchingType: 0, data: '3082' }],
  ['MX', ' 10   mail.example.net ', { preference: 10, exchange: 'mail.example.net' }],
  ['MX', '65535 mail.example.net', { preference: 65535 }],
  ['SRV', ' 65535 65535 65535 sip.example.net. ', { priority: 65535, weight: 65535, port: 65535 }],
  ['CNAME', ' target.example.net ', { target: 'target.example.net' }],
  ['CAA', ' 255 ISSUE "ca.example.net" ', { flags: 255, tag: 'issue', value: 'ca.example.net' }],
  ['CAA', '0 tbs "say \\"hi\\" \\\\ bye"', { tag: 'tbs', value: 'say "hi" \\ bye' }],
  ['CAA', '0 iodef "https://example.net/report"', { value: 'https://example.net/report' }],
  ['CAA', '0 issue ""', { value: '' }],
  ['DS', ` 1 8 2 ${'ab'.repeat(32)} `, { keyTag: 1, algorithm: 8 }],
  [
    'HTTPS',
    '1 . port=443 alpn=h2',
    {
      params: [
        { key: 1, value: 'h2' },
        { key: 3, value: '443' },
      ],
    },
  ],
  [
    'HTTPS',
    '1 . KEY1=h2 ech=YWI=',
    {
      params: [
        { key: 1, value: 'h2' },
        { key: 5, value: 'YWI=' },
      ],
    },
  ],
  ['HTTPS', '1 . key65534=a=b', { params: [{ key: 65534, value: 'a=b' }] }],
  [
    'HTTPS',
    '1 . mandatory=key3 port=53',
    {
      params: [
        { key: 0, value: 'key3' },
        { key: 3, value: '53' },
      ],
    },
  ],
  ['HTTPS', `1 . alpn=${'p'.repeat(255)}`, { params: [{ key: 1 }] }],
  ['NAPTR', '10 0 "" "" "!a\\"b!" .', { flags: '', service: '', regexp: '!a"b!' }],
  ['NAPTR', `10 0 "s" "${'s'.repeat(255)}" "" x.example.net`, { replacement: 'x.example.net' }],
  ['SSHFP', `2 1 ${'ab'.repeat(20)}`, { algorithm: 2 }],
  ['SSHFP', `3 1 ${'ab'.repeat(20)}`, { algorithm: 3 }],
  ['SSHFP', `6 2 ${'ab'.repeat(32)}`, { algorithm: 6 }],
  ['MX', '10  mail.example.net', { preference: 10 }],
  ['SRV', '1  2  3  sip.example.net', { priority: 1, weight: 2, port: 3 }],
  ['CAA', '0  issue  "ca.example.net"', { tag: 'issue' }],
  ['CAA', '0 iodef "http://example.net/report"', { value: 'http://example.net/report' }],
  ['DS', `1  13  2  ${'ab'.repeat(32)}`, { algorithm: 13 }],
  ['HTTPS', ' 1  .  alpn=h2 ', { priority: 1, params: [{ key: 1, value: 'h2' }] }],
  ['SVCB', ' 1  .  ech=YWJj ', { params: [{ key: 5, value: 'YWJj' }] }],
  ['SVCB', '1 . ech=YQ==', { params: [{ key: 5, value: 'YQ==' }] }],
  ['NAPTR', '100 10 "AP" "" "" x.example.net ', { flags: 'AP' }],
  ['NAPTR', '100 10 "S" "" "" x.example.net  ', { flags: 'S' }],
  ['SSHFP', ` 1  1  ${'ab'.repeat(20)} `, { algorithm: 1 }],
  ['TLSA', ` 3  1  1  ${'ab'.repeat(32)} `, { usage: 3 }],
  ['TLSA', `0 0 2 ${'AB'.repeat(64)}`, { usage: 0, selector: 0, matchingType: 2, data: 'ab'.repeat(64) }],
];

const HEX64 = 'ab'.repeat(32);
const SHAPE = {
  MX: 'must be "preference exchange", the preference 0..65535',
  SRV: 'must be "priority weight port target", numbers 0..65535',
  CAA: 'must be "flags tag \\"value\\"", flags 0..255',
  DS: 'must be "keyTag algorithm digestType digest"',
  SVCB: 'must be "priority target key=value ..."',
  NAPTR: 'must be \'order preference "flags" "service" "regexp" replacement\'',
  SSHFP: 'must be "algorithm type fingerprint", algorithm 1-4 or 6, type 1 (SHA-1) or 2 (SHA-256)',
  TLSA: 'must be "usage selector matchingType data": usage 0-3, selector 0-1, matching type 0-2',
};

/** Values each type refuses, and the problem it names. */
const INVALID: [RecordType, string, string][] = [
  ['A', '2001:db8::1', 'must be an IPv4 address'],
  ['AAAA', '192.0.2.1', 'must be an IPv6 address'],
  ['AAAA', 'fe80::1%eth0', 'must be an IPv6 address'],
  ['CNAME', 'not a host', 'must be a host name'],
  ['ALIAS', '.', 'must be a host name'],
  ['NS', 'localhost', 'must be a host name'],
  ['PTR', '192.0.2.1', 'must be a host name'],
  ['MX', '10', SHAPE.MX],
  ['MX', 'ten mail.example.net', SHAPE.MX],
  ['MX', '65536 mail.example.net', SHAPE.MX],
  ['MX', '10 not_a host', SHAPE.MX],
  ['MX', '10 mail.example.net extra', SHAPE.MX],
  ['TXT', '', 'must be text without control characters'],
  ['TXT', 'bell\u0007', 'must be text without control characters'],
  ['TXT', '\u0000', 'must be text without control characters'],
  ['TXT', 'unit\u001fseparator', 'must be text without control characters'],
  ['TXT', 'delete\u007f', 'must be text without control characters'],
  ['SRV', '10 60 5060', SHAPE.SRV],
  ['SRV', '10 60 65536 sip.example.net', SHAPE.SRV],
  ['SRV', '10 x 5060 sip.example.net', SHAPE.SRV],
  ['SRV', 'x 60 5060 sip.example.net', SHAPE.SRV],
  ['SRV', '10 60 5060 -sip.example.net', SHAPE.SRV],
  ['SRV', '10 60 5060 sip.example.net extra', SHAPE.SRV],
  ['CAA', '0 issue letsencrypt.org', SHAPE.CAA],
  ['CAA', '256 issue "letsencrypt.org"', SHAPE.CAA],
  ['CAA', '0 is-sue "letsencrypt.org"', SHAPE.CAA],
  ['CAA', 'x 0 issue "letsencrypt.org"', SHAPE.CAA],
  ['CAA', '0 issue "letsencrypt.org" x', SHAPE.CAA],
  ['CAA', '0 issue "lets encrypt!"', "an issue value is a CA's domain name, then parameters"],
  ['CAA', '0 issuewild "x;y" extra"', SHAPE.CAA],
  ['CAA', '0 issuewild "ca!.example"', "an issuewild value is a CA's domain name, then parameters"],
  ['CAA', '0 iodef "ftp://example.net"', 'iodef is a mailto: or http(s) URL'],
  ['CAA', '0 iodef "mailto:"', 'iodef is a mailto: or http(s) URL'],
  ['CAA', '0 iodef "x mailto:a@example.net"', 'iodef is a mailto: or http(s) URL'],
  ['DS', `60485 13 2`, SHAPE.DS],
  ['DS', `65536 13 2 ${HEX64}`, SHAPE.DS],
  ['DS', `1 256 2 ${HEX64}`, SHAPE.DS],
  ['DS', `1 13 256 ${HEX64}`, SHAPE.DS],
  ['DS', `1 13 2 ${HEX64} extra`, SHAPE.DS],
  ['DS', `1 5 2 ${HEX64}`, 'the algorithm is not one the service takes (8, 13, 14, 15, 16)'],
  ['DS', `1 13 1 ${'ab'.repeat(20)}`, 'the digest type must be 2 (SHA-256) or 4 (SHA-384)'],
  ['DS', `1 13 2 ${HEX64}0`, 'the digest must be 64 hex digits for SHA-256'],
  ['DS', `1 13 2 x${HEX64.slice(1)}`, 'the digest must be 64 hex digits for SHA-256'],
  ['DS', `1 13 4 ${HEX64}`, 'the digest must be 96 hex digits for SHA-384'],
  ['HTTPS', '1', SHAPE.SVCB],
  ['HTTPS', 'one .', SHAPE.SVCB],
  ['HTTPS', '65536 .', SHAPE.SVCB],
  ['HTTPS', '1 -cdn.example.net', SHAPE.SVCB],
  ['HTTPS', '0 . alpn=h2', 'an alias (priority 0) takes no parameters'],
  ['HTTPS', '1 . colour=blue', 'colour is not a parameter key'],
  ['HTTPS', '1 . key65535=x', 'key65535 is not a parameter key'],
  ['HTTPS', '1 . alpn=h2 ALPN=h3', 'ALPN is given twice'],
  ['HTTPS', '1 . mandatory', 'mandatory lists other keys'],
  ['HTTPS', '1 . mandatory=', 'mandatory lists other keys'],
  ['HTTPS', '1 . mandatory=colour', 'mandatory lists other keys'],
  ['HTTPS', '1 . mandatory=mandatory', 'mandatory lists other keys'],
  ['HTTPS', '1 . alpn', 'alpn lists protocol ids'],
  ['HTTPS', '1 . alpn=h2,', 'alpn lists protocol ids'],
  ['HTTPS', `1 . alpn=${'p'.repeat(256)}`, 'alpn lists protocol ids'],
  ['HTTPS', '1 . no-default-alpn=x', 'no-default-alpn takes no value'],
  ['HTTPS', '1 . port', 'port is 0..65535'],
  ['HTTPS', '1 . port=65536', 'port is 0..65535'],
  ['HTTPS', '1 . ipv4hint', 'ipv4hint lists IPv4 addresses'],
  ['HTTPS', '1 . ipv4hint=192.0.2.1,::1', 'ipv4hint lists IPv4 addresses'],
  ['HTTPS', '1 . ech', 'ech is base64'],
  ['HTTPS', '1 . ech=not*base64', 'ech is base64'],
  ['HTTPS', '1 . ech=YWJj===', 'ech is base64'],
  ['HTTPS', '1 . ipv6hint', 'ipv6hint lists IPv6 addresses'],
  ['HTTPS', '1 . ipv6hint=2001:db8::1,192.0.2.1', 'ipv6hint lists IPv6 addresses'],
  ['SVCB', '1 . mandatory=port,alpn alpn=h2', 'mandatory names port, which is not given'],
  ['NAPTR', '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.net!"', SHAPE.NAPTR],
  ['NAPTR', '100 10 "U" "E2U+sip" "" . extra', SHAPE.NAPTR],
  ['NAPTR', 'x 10 "U" "E2U+sip" "" .', SHAPE.NAPTR],
  ['NAPTR', '100 x "U" "E2U+sip" "" .', SHAPE.NAPTR],
  ['NAPTR', '100 10 "U" "E2U+sip" "" -bad', SHAPE.NAPTR],
  ['NAPTR', '100 10 "U" "E2U+sip" "unterminated .', SHAPE.NAPTR],
  ['NAPTR', '', SHAPE.NAPTR],
  ['NAPTR', '100 10 "U!" "E2U+sip" "" .', 'flags are letters and digits'],
  ['NAPTR', `100 10 "U" "${'s'.repeat(256)}" "" .`, 'service and regexp are 255 bytes at most'],
  ['NAPTR', `100 10 "U" "E2U+sip" "${'ü'.repeat(128)}" .`, 'service and regexp are 255 bytes at most'],
  [
    'NAPTR',
    '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.net!" sip.example.net',
    'a regexp and a replacement exclude each other',
  ],
  ['SSHFP', `5 2 ${HEX64}`, SHAPE.SSHFP],
  ['SSHFP', `0 2 ${HEX64}`, SHAPE.SSHFP],
  ['SSHFP', `1 3 ${HEX64}`, SHAPE.SSHFP],
  ['SSHFP', `1 2 ${HEX64} extra`, SHAPE.SSHFP],
  ['SSHFP', '1 2', 'the fingerprint is 64 hex digits'],
  ['SSHFP', `1 1 ${HEX64}`, 'the fingerprint is 40 hex digits'],
  ['SSHFP', `1 2 ${'xy'.repeat(32)}`, 'the fingerprint is 64 hex digits'],
  ['TLSA', `4 1 1 ${HEX64}`, SHAPE.TLSA],
  ['TLSA', `3 2 1 ${HEX64}`, SHAPE.TLSA],
  ['TLSA', `3 1 3 ${HEX64}`, SHAPE.TLSA],
  ['TLSA', `3 1 1 ${HEX64} extra`, SHAPE.TLSA],
  ['TLSA', '3 1', SHAPE.TLSA],
  ['TLSA', `3 1 1 ${HEX64}ab`, 'the data is 64 hex digits'],
  ['TLSA', `3 1 2 ${HEX64}`, 'the data is 128 hex digits'],
  ['TLSA', `3 1 1 ${'xy'.repeat(32)}`, 'the data is 64 hex digits'],
  ['TLSA', '3 1 0 308', 'the data is hex, whole bytes'],
  ['TLSA', '3 1 0 30zz', 'the data is hex, whole bytes'],
  ['TLSA', '3 1 0', 'the data is hex, whole bytes'],
  ['TLSA', '3 1 1', 'the data is 64 hex digits'],
  ['MX', '-1 mail.example.net', SHAPE.MX],
  ['MX', '1e3 mail.example.net', SHAPE.MX],
  ['CAA', '0 iodef "mailto:a b"', 'iodef is a mailto: or http(s) URL'],
  ['HTTPS', '1 . xkey1=a', 'xkey1 is not a parameter key'],
  ['HTTPS', '1 . key1x=a', 'key1x is not a parameter key'],
  ['NAPTR', '100 10 "U" "E2U+sip" "" . "unterminated', SHAPE.NAPTR],
  ['SSHFP', `1 1 x${'ab'.repeat(19)}a`, 'the fingerprint is 40 hex digits'],
];

describe('record values', () => {
  it.each(VALID)('take %s %j', (type, value, data) => {
    const parsed = parseRecordValue(type, value);
    expect(parsed).toMatchObject({ ok: true, data: { type, ...data } });
  });

  it.each(INVALID)('refuse %s %j: %s', (type, value, problem) =>
    expect(parseRecordValue(type, value)).toEqual({ ok: false, problem }),
  );

  it('read host names lowercase and relative to the root, and refuse what is not one', () => {
    expect(hostNameOf('WWW.Example.COM.')).toBe('www.example.com');
    expect(hostNameOf('_dmarc.example.com')).toBe('_dmarc.example.com');
    expect(hostNameOf('.', true)).toBe('');
    expect(hostNameOf('example.com4')).toBe('example.com4');
    expect(hostNameOf('example.4com')).toBe('example.4com');
    const longest = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61)].join('.');
    const tooLong = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(62)].join('.');
    expect(hostNameOf(longest)).toBe(longest);
    expect(hostNameOf(`${longest}.`)).toBe(longest);
    for (const bad of [
      '.',
      '',
      'localhost',
      '192.0.2.1',
      'example.123',
      'a..b.com',
      '-a.com',
      'a-.com',
      `${'a'.repeat(64)}.com`,
      'a b.com',
      tooLong,
    ]) {
      expect(hostNameOf(bad)).toBeUndefined();
    }
  });
});
