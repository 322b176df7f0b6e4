import { CommandBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { AuthProbeModule } from '../support/auth-probe.module';
import { codeOf, SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';

/** Drives every flow that handles a secret with logs at their most verbose, then looks for the secrets in clear. */
describe('secrets at rest and in logs', () => {
  let subject: TestApp;
  const inbox = new SmtpInbox();
  const logs: string[] = [];
  beforeAll(async () => {
    await inbox.start();
    subject = await createTestApp({
      env: { LOG_LEVEL: 'trace', SMTP_URL: inbox.url },
      extraModules: [AuthProbeModule],
      logTo: { write: (line: string) => void logs.push(line) },
    });
  });
  afterAll(async () => {
    await subject.close();
    await inbox.stop();
  });

  it('keeps passwords, codes, tokens and keys out of logs, events and read models', async () => {
    const password = 'S3cret-Passw0rd!';
    const email = 'secretive@example.com';
    const post = (url: string, payload: object, bearer?: string) =>
      subject.app.inject({
        method: 'POST',
        url,
        payload,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });

    const { signup_session_token: sessionToken } = (await post('/api/oauth/signup', { email, password })).json();
    const code = codeOf(await inbox.mailTo(email));
    await post('/api/oauth/signup/verify', { signup_session_token: sessionToken, verification_code: 'ZZZZZ9' }); // a wrong try is logged too
    const tokens = (
      await post('/api/oauth/signup/verify', { signup_session_token: sessionToken, verification_code: code })
    ).json();
    const rotated = (
      await post('/api/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    ).json();
    await post('/api/oauth/revoke', { token: rotated.refresh_token });

    const commands = subject.app.get(CommandBus);
    const partner = (await commands.execute(new OpenAccount({ kind: 'partner', profile: 'web3', name: 'P' })))
      .accountId;
    const user = (
      await commands.execute(new OpenAccount({ kind: 'user', name: 'U', email: 'u@example.com', password }))
    ).accountId;
    const agentKey = (await commands.execute(new IssueCredential(user, 'agent_key'))).secret;
    const partnerKey = (await commands.execute(new IssueCredential(partner, 'partner_key'))).secret;
    const resolutionKey = (await commands.execute(new IssueCredential(partner, 'resolution_key'))).secret;
    const operator = (await commands.execute(new OpenAccount({ kind: 'operator', name: 'O' }))).accountId;
    const operatorKey = (await commands.execute(new IssueCredential(operator, 'operator_key'))).secret;

    await post('/mcp/v1/actions/svc_tld_list', {}, tokens.access_token);
    await post('/mcp/v1/actions/svc_tld_list', {}, agentKey);
    await subject.app.inject({
      method: 'GET',
      url: '/partner/v3/_probe/web3/x',
      headers: { authorization: `Bearer ${partnerKey}` },
    });
    await subject.app.inject({
      method: 'GET',
      url: '/resolve/_probe',
      headers: { authorization: `Bearer ${resolutionKey}` },
    });
    await subject.app.inject({
      method: 'GET',
      url: '/operator/v1/registry',
      headers: { authorization: `Bearer ${operatorKey}` },
    });
    await subject.settled();

    const secrets = {
      password,
      code,
      sessionToken,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      rotatedRefreshToken: rotated.refresh_token,
      agentKey,
      partnerKey,
      resolutionKey,
      operatorKey,
    };
    for (const [name, value] of Object.entries(secrets))
      expect({ name, value: typeof value === 'string' && value.length >= 6 }).toEqual({ name, value: true });

    const pool = subject.app.get(Pool);
    const stored = [
      ...(await pool.query('select type, data::text, metadata::text from events')).rows.map((row) =>
        JSON.stringify(row),
      ),
      ...(await pool.query('select doc::text from projection_documents')).rows.map((row) => row.doc),
      ...(await pool.query('select command_id from command_log')).rows.map((row) => row.command_id),
      ...(await pool.query('select public_jwk::text, sealed_private_jwk from signing_keys')).rows.map((row) =>
        JSON.stringify(row),
      ),
    ].join('\n');
    const logged = logs.join('');
    expect(logs.length).toBeGreaterThan(20); // the trace logs did run
    for (const [name, value] of Object.entries(secrets)) {
      expect({ name, inLogs: logged.includes(value) }).toEqual({ name, inLogs: false });
      expect({ name, stored: stored.includes(value) }).toEqual({ name, stored: false });
    }
    // and the private signing key is sealed, not stored as a JWK with its private part
    expect(stored).not.toMatch(/"d":"/);
  });
});
