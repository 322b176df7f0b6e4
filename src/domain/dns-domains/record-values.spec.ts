import { RecordType } from './dns-setup';
import { hostNameOf, parseRecordValue } from './record-values';

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
];

describe('record values', () => {
  it.each(VALID)('take %s %j', (type, value, data) => {
    const parsed = parseRecordValue(type, value);
    expect(parsed).toMatchObject({ ok: true, data: { type, ...data } });
  });

  it('read host names lowercase and relative to the root, and refuse what is not one', () => {
    expect(hostNameOf('WWW.Example.COM.')).toBe('www.example.com');
    expect(hostNameOf('_dmarc.example.com')).toBe('_dmarc.example.com');
    expect(hostNameOf('.', true)).toBe('');
    for (const bad of [
      '.',
      'localhost',
      '192.0.2.1',
      'a..b.com',
      '-a.com',
      'a-.com',
      `${'a'.repeat(64)}.com`,
      'a b.com',
    ]) {
      expect(hostNameOf(bad)).toBeUndefined();
    }
  });

  it('name what is wrong with a refused value', () => {
    expect(parseRecordValue('MX', '70000 mail.example.net')).toEqual({
      ok: false,
      problem: 'must be "preference exchange", the preference 0..65535',
    });
    expect(parseRecordValue('SSHFP', `1 2 ${'ab'.repeat(20)}`)).toEqual({
      ok: false,
      problem: 'the fingerprint is 64 hex digits',
    });
    expect(parseRecordValue('HTTPS', '1 . mandatory=alpn')).toEqual({
      ok: false,
      problem: 'mandatory names alpn, which is not given',
    });
  });
});
