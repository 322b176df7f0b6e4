import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DnsServer } from '../../src/infrastructure/dns-server/dns-server.service';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { eventually } from '../support/eventually';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

const owner = {
  type: 'SELF',
  contact: {
    firstName: 'Olafur',
    lastName: 'Gudmundsson',
    email: 'olafur@example.net',
    phone: { dialingPrefix: '1', number: '202 555 0111' },
    street: '1 Signature Lane',
    city: 'Reston',
    stateProvince: 'VA',
    postalCode: '20190',
    countryCode: 'US',
  },
};
const run = promisify(execFile);

/**
 * DNSSEC on our nameservers, checked by implementations that are not ours: the zone transferred and verified by
 * `ldns-verify-zone` (every RRSIG against the DNSKEY, the NSEC chain whole), answers and denials validated by
 * `delv` from the DS the registry holds, which `ldns-key2ds` computes again from the key served.
 */
describe('DNSSEC of a zone on our nameservers', () => {
  let subject: TestApp;
  let reseller: Partner;
  let registry: SandboxRegistry;
  let port: number;
  let dir: string;
  const name = `k${randomBytes(5).toString('hex')}.com`;

  const dig = async (...args: string[]) =>
    (await run('dig', ['@127.0.0.1', '-p', String(port), '+norec', '+time=2', '+tries=1', ...args])).stdout;
  const completed = async (reply: { status: number; body: { operation: { id: string } } }) => {
    expect(reply.status).toBeLessThan(300);
    expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
  };
  /** delv's verdict for one question, trusting only the DS the registry publishes for the name. */
  const delv = async (question: string, type: string) => {
    const [ds] = (await registry.info(name))!.ds;
    const anchors = join(dir, 'anchors.conf');
    writeFileSync(
      anchors,
      `trust-anchors { ${name}. static-ds ${ds.keyTag} ${ds.algorithm} ${ds.digestType} "${ds.digest}"; };\n`,
    );
    const answer = await run(
      'delv',
      ['@127.0.0.1', '-p', String(port), '-a', anchors, `+root=${name}`, '+nortrace', question, type],
      { env: { ...process.env } },
    ).catch((error: { stdout: string; stderr: string }) => error);
    return `${answer.stdout}${answer.stderr}`;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'domain-engine-dnssec-'));
    // signatures outlive the withdrawn DS this long (in production, longer than the TLD's DS TTL)
    subject = await createTestApp({ env: { DNSSEC_RETIREMENT_MS: '3000' } });
    reseller = await newReseller(subject);
    registry = subject.app.get(SandboxRegistry);
    port = subject.app.get(DnsServer).port!;
    await completed(
      await reseller.call('POST', '/domains', {
        name,
        owner,
        dns: {
          records: [
            { type: 'A', values: ['192.0.2.1'], ttl: 300 },
            { type: 'MX', values: ['10 mail.example.net'], ttl: 300 },
            { subName: 'www', type: 'CNAME', values: [`web.${name}`], ttl: 300 },
            { subName: 'web', type: 'AAAA', values: ['2001:db8::1'], ttl: 300 },
            { subName: 'txt', type: 'TXT', values: ['x'.repeat(300)], ttl: 300 },
            { subName: '*.apps', type: 'A', values: ['192.0.2.80'], ttl: 300 },
            { subName: 'sub', type: 'NS', values: [`ns.sub.${name}`], ttl: 300 },
            { subName: 'sub', type: 'DS', values: [`12345 13 2 ${'ab'.repeat(32)}`], ttl: 300 },
            { subName: 'ns.sub', type: 'A', values: ['192.0.2.53'], ttl: 300 },
            { subName: 'svc', type: 'HTTPS', values: ['1 . alpn=h2'], ttl: 300 },
          ],
        },
      }),
    );
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await subject?.close();
  });

  it('is off until asked for, then signs the zone and sends its DS to the registry', async () => {
    expect((await reseller.call('GET', `/domains/${name}/dns/security`)).body.status).toBe('DISABLED');
    expect(await dig('+dnssec', name, 'A')).not.toMatch(/RRSIG/);
    await completed(await reseller.call('POST', `/domains/${name}/dns/security`, {}));
    expect((await reseller.call('GET', `/domains/${name}/dns/security`)).body).toEqual({
      '@type': 'domain-engine/partner.v3.DomainDnsSecurityOperationResult',
      status: 'ENABLED',
    });
    const again = await reseller.call('POST', `/domains/${name}/dns/security`, {});
    expect([again.status, again.body.code]).toEqual([400, 'NO_CHANGE']);
    expect(await dig('+dnssec', name, 'A')).toMatch(/IN\s+RRSIG\s+A 13 2 300 /);
  });

  it('publishes the DS of the key it serves, as ldns-key2ds computes it', async () => {
    const dnskey = (await dig('+short', name, 'DNSKEY')).trim();
    const keyFile = join(dir, `K${name}.key`);
    writeFileSync(keyFile, `${name}. 3600 IN DNSKEY ${dnskey}\n`);
    const { stdout } = await run('ldns-key2ds', ['-n', '-2', keyFile]);
    const [, , , , keyTag, algorithm, digestType, digest] = stdout.trim().split(/\s+/);
    expect((await registry.info(name))!.ds).toEqual([
      {
        keyTag: Number(keyTag),
        algorithm: Number(algorithm),
        digestType: Number(digestType),
        digest: digest.toLowerCase(),
      },
    ]);
  });

  it('transfers a zone ldns-verify-zone finds signed throughout, NSEC chain included', async () => {
    const zone = (await dig(name, 'AXFR')).split('\n').filter((line) => line && !line.startsWith(';'));
    expect(zone.filter((line) => /\sIN\s+RRSIG\s/.test(line)).length).toBeGreaterThan(10);
    const file = join(dir, 'zone.txt');
    writeFileSync(file, `${zone.slice(0, -1).join('\n')}\n`); // without the closing SOA
    const verified = await run('ldns-verify-zone', [file]).catch((error: { stdout: string; stderr: string }) => error);
    expect(`${verified.stdout}${verified.stderr}`).toMatch(/Zone is verified and complete/);
  });

  it('answers that delv validates from the registry’s DS: records, a CNAME chain, a wildcard, denials', async () => {
    expect(await delv(name, 'A')).toMatch(/; fully validated[\s\S]*192\.0\.2\.1/);
    expect(await delv(`www.${name}`, 'AAAA')).toMatch(/; fully validated[\s\S]*2001:db8::1/);
    expect(await delv(`any.apps.${name}`, 'A')).toMatch(/; fully validated[\s\S]*192\.0\.2\.80/);
    expect(await delv(`txt.${name}`, 'TXT')).toMatch(/; fully validated/);
    expect(await delv(`missing.${name}`, 'A')).toMatch(/; negative response, fully validated/);
    expect(await delv(name, 'AAAA')).toMatch(/; negative response, fully validated/);
  });

  it('withdraws the DS, keeps signing while resolvers may still hold it, then stops', async () => {
    await completed(await reseller.call('DELETE', `/domains/${name}/dns/security`));
    expect((await registry.info(name))!.ds).toEqual([]);
    expect((await reseller.call('GET', `/domains/${name}/dns/security`)).body.status).toBe('DISABLED');
    await subject.settled();
    expect(await dig('+dnssec', name, 'A')).toMatch(/IN\s+RRSIG\s+A 13 /);
    await eventually(async () => expect(await dig('+dnssec', name, 'A')).not.toMatch(/RRSIG/), 10_000);
  });

  it('refuses DNSSEC of ours for a name on the customer’s nameservers', async () => {
    await completed(await reseller.call('PUT', `/domains/${name}/dns/nameservers`, { items: ['ns1.example.net'] }));
    const refused = await reseller.call('POST', `/domains/${name}/dns/security`, {});
    expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION']);
    // nor withdraws the customer's DS records
    const withdrawn = await reseller.call('DELETE', `/domains/${name}/dns/security`);
    expect([withdrawn.status, withdrawn.body.code]).toEqual([400, 'NO_CHANGE']);
  });
});
