import { dnsSetupProblemsOf } from './dns-setup';

const ds = { keyTag: 2371, algorithm: 13, digestType: 2, digest: 'a'.repeat(64) };

describe('a DNS setup asked with a registration', () => {
  it('is well formed with host names, unique, and DS records of known algorithms and digests', () => {
    expect(dnsSetupProblemsOf({ nameservers: ['ns1.example.net', 'NS2.example.net.'], dnssec: [ds] })).toEqual([]);
    expect(dnsSetupProblemsOf({ dnssec: [{ ...ds, digestType: 4, digest: 'B'.repeat(96) }] })).toEqual([]);
  });

  it('says every problem with where it is', () => {
    expect(
      dnsSetupProblemsOf({
        nameservers: ['ns1.example.net', 'ns1.example.net.', 'not a host', '-ns.example.net'],
        dnssec: [
          { ...ds, algorithm: 5 },
          { ...ds, digestType: 1 },
          { ...ds, digest: 'a'.repeat(63) },
        ],
      }),
    ).toEqual([
      { path: 'dns.nameservers[2]', message: 'is not a host name' },
      { path: 'dns.nameservers[3]', message: 'is not a host name' },
      { path: 'dns.nameservers', message: 'must not name a host twice' },
      { path: 'dns.dnssec.items[0].algorithm', message: 'is not an algorithm the service takes' },
      { path: 'dns.dnssec.items[1].digestType', message: 'must be 2 (SHA-256) or 4 (SHA-384)' },
      { path: 'dns.dnssec.items[2].digest', message: 'must be 64 hex digits for a SHA-256 digest' },
    ]);
  });
});
