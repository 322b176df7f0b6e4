import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { RevokeCredential } from '../../src/application/identity/revoke-credential.command';
import { digestOf } from '../../src/application/identity/secrets';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OAuthTokens } from '../../src/application/identity/oauth-tokens';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { RevokeRefreshToken } from '../../src/application/identity/refresh-token.commands';
import { EventStore } from '../../src/application/shared/event-store.port';
import { refreshFamilyStream } from '../../src/domain/identity/refresh-family';
import { AGENT_SCOPES } from '../../src/domain/identity/scopes';
import { AuthProbeModule } from '../support/auth-probe.module';
import { createTestApp, TestApp } from '../support/test-app';

const SCOPE = AGENT_SCOPES.join(' ');

/**
 * Credentials found active are kept per process (CREDENTIAL_CACHE_MS, a minute here) and trusted only while the
 * process follows the store: a revocation made in one process is refused by the revoking process at once, and by
 * every other process from the moment the revocation's append is notified to it, without waiting out the minute.
 */
describe('active credentials kept per process', () => {
  let revoking: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    revoking = await createTestApp({ env: { CREDENTIAL_CACHE_MS: '60000' }, extraModules: [AuthProbeModule] });
    other = await createTestApp({
      env: { CREDENTIAL_CACHE_MS: '60000' },
      databaseUrl: revoking.databaseUrl,
      role: 'api',
      extraModules: [AuthProbeModule],
    });
  });
  afterAll(async () => {
    await other?.close();
    await revoking?.close();
  });

  /** Resolves when the store tells `app` of the next append (a notification from the database for another process). */
  const nextNotification = (app: TestApp): Promise<void> =>
    new Promise((resolve) => {
      const stop = app.app.get(EventStore).onAppended(() => {
        stop();
        resolve();
      });
    });

  it('refuses a revoked key in the revoking process at once and in another once it is told of the revocation', async () => {
    const commands = revoking.app.get(CommandBus);
    const { accountId } = await commands.execute(new OpenAccount({ kind: 'partner', profile: 'web3', name: 'Cache' }));
    const issued = await commands.execute(new IssueCredential(accountId, 'resolution_key'));
    const probe = (subject: TestApp) =>
      subject.app
        .inject({ method: 'GET', url: '/resolve/_probe', headers: { authorization: `Bearer ${issued.secret}` } })
        .then((response) => response.statusCode);
    expect([await probe(revoking), await probe(other)]).toEqual([200, 200]);
    await revoking.settled();

    const told = nextNotification(other);
    await commands.execute(new RevokeCredential(issued.credentialId, digestOf(issued.secret)));
    expect(await probe(revoking)).toBe(401);
    await told;
    expect(await probe(other)).toBe(401);
  });

  it("refuses a revoked token family's access tokens in every process once told", async () => {
    const commands = revoking.app.get(CommandBus);
    const { accountId } = await commands.execute(
      new OpenAccount({ kind: 'user', name: 'Holder', email: 'holder@example.com', password: 'Holder-Passw0rd!' }),
    );
    // a family as a sign-in starts it, appended directly: the signup's mail round trip is not what this is about
    const tokens = revoking.app.get(OAuthTokens);
    const { started, refreshToken } = tokens.startFamily(accountId, SCOPE, Date.now());
    const id = randomUUID();
    await revoking.app.get(EventStore).append(
      [
        {
          streamId: refreshFamilyStream(started.familyId),
          expectedVersion: 'no_stream',
          events: [{ type: 'RefreshFamilyStarted', data: started }],
        },
      ],
      { commandId: id, correlationId: id, causationId: id, accountId },
    );
    const { access_token: accessToken } = await tokens.response(accountId, SCOPE, started.familyId, refreshToken);
    const listed = (subject: TestApp) =>
      subject.app
        .inject({
          method: 'POST',
          url: '/mcp/v1/actions/svc_tld_list',
          payload: {},
          headers: { authorization: `Bearer ${accessToken}` },
        })
        .then((response) => response.statusCode);
    expect([await listed(revoking), await listed(other)]).toEqual([200, 200]);
    await revoking.settled();

    const told = nextNotification(other);
    await commands.execute(new RevokeRefreshToken(refreshToken));
    expect(await listed(revoking)).toBe(401);
    await told;
    expect(await listed(other)).toBe(401);
  });
});
