import { CommandBus } from '@nestjs/cqrs';
import { RevokeCredential } from '../../src/application/identity/revoke-credential.command';
import { digestOf } from '../../src/application/identity/secrets';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { AuthProbeModule } from '../support/auth-probe.module';
import { createTestApp, TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

/**
 * Keys found active are kept briefly per process (CREDENTIAL_CACHE_MS): the revoking process refuses a revoked key
 * at once; another process refuses it once the cached entry has expired, without a restart.
 */
describe('active keys kept per process', () => {
  let revoking: TestApp;
  let other: TestApp;
  const otherClock = new TestClock();
  beforeAll(async () => {
    revoking = await createTestApp({ env: { CREDENTIAL_CACHE_MS: '1000' }, extraModules: [AuthProbeModule] });
    other = await createTestApp({
      env: { CREDENTIAL_CACHE_MS: '1000' },
      databaseUrl: revoking.databaseUrl,
      clock: otherClock,
      extraModules: [AuthProbeModule],
    });
  });
  afterAll(async () => {
    await other?.close();
    await revoking?.close();
  });

  it('refuses a revoked key at once in the revoking process and within the cache time in the others', async () => {
    const commands = revoking.app.get(CommandBus);
    const { accountId } = await commands.execute(new OpenAccount({ kind: 'partner', profile: 'web3', name: 'Cache' }));
    const issued = await commands.execute(new IssueCredential(accountId, 'resolution_key'));
    const probe = (subject: TestApp) =>
      subject.app
        .inject({ method: 'GET', url: '/resolve/_probe', headers: { authorization: `Bearer ${issued.secret}` } })
        .then((response) => response.statusCode);
    expect([await probe(revoking), await probe(other)]).toEqual([200, 200]);

    await commands.execute(new RevokeCredential(issued.credentialId, digestOf(issued.secret)));
    expect(await probe(revoking)).toBe(401);
    expect(await probe(other)).toBe(200); // still within its 1 s
    otherClock.advance(1001);
    expect(await probe(other)).toBe(401);
  });
});
