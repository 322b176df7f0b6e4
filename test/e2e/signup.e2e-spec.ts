import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { codeOf, SmtpInbox } from '../support/smtp-inbox';

const PASSWORD = 'Corr3ct-horse!';

describe('surface B: headless signup over real SMTP', () => {
  let subject: TestApp;
  const inbox = new SmtpInbox();
  const clock = new TestClock();
  beforeAll(async () => {
    await inbox.start();
    subject = await createTestApp({
      clock,
      env: { SMTP_URL: inbox.url, OAUTH_RATE_LIMIT_PER_IP: '10000', SIGNUP_RATE_LIMIT_PER_EMAIL: '1000' },
    });
  });
  afterAll(async () => {
    await subject.close();
    await inbox.stop();
  });

  const post = (url: string, payload: object) => subject.app.inject({ method: 'POST', url, payload });
  const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;
  const signup = async (email: string) => {
    const res = await post('/api/oauth/signup', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return res.json() as { signup_session_token: string; expires_in: number };
  };
  const verify = (token: string, code: string) =>
    post('/api/oauth/signup/verify', { signup_session_token: token, verification_code: code });
  const tldList = (bearer: string) =>
    subject.app.inject({
      method: 'POST',
      url: '/mcp/v1/actions/svc_tld_list',
      headers: { authorization: `Bearer ${bearer}` },
      payload: {},
    });

  it('signs up with the emailed code and uses the access token on an agent action', async () => {
    const email = newEmail();
    const started = await signup(email);
    expect(started.expires_in).toBe(900);
    const mail = await inbox.mailTo(email);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const res = await verify(started.signup_session_token, codeOf(mail));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const tokens = res.json();
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'domains:search portfolio:read portfolio:write cart:read cart:write checkout',
    });
    const action = await tldList(tokens.access_token);
    expect(action.statusCode).toBe(200);
    // the TLDs on sale now: the configured ones but .shop, which the sandbox registry opens in 2030
    expect(action.json()).toEqual({
      tlds: ['com', 'net', 'org', 'io', 'ai', 'co', 'app', 'dev', 'xyz', 'info'],
      count: 10,
    });
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const email = newEmail();
    const started = await signup(email);
    const first = (await verify(started.signup_session_token, codeOf(await inbox.mailTo(email)))).json();
    const refresh = (token: string) => post('/api/oauth/token', { grant_type: 'refresh_token', refresh_token: token });

    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect((await tldList(rotated.access_token)).statusCode).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: 'invalid_grant', error_description: 'the refresh token is not valid' });
    expect((await refresh(rotated.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' }); // the family is dead
    // and so are the access tokens it issued: a leaked refresh token cannot leave a working access token behind
    expect((await tldList(rotated.access_token)).statusCode).toBe(401);
    expect((await tldList(first.access_token)).statusCode).toBe(401);
  });

  it('accepts the refresh grant as a form too, and revokes on request', async () => {
    const email = newEmail();
    const started = await signup(email);
    const tokens = (await verify(started.signup_session_token, codeOf(await inbox.mailTo(email)))).json();
    const form = await subject.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(tokens.refresh_token)}`,
    });
    expect(form.statusCode).toBe(200);
    const next = form.json();
    expect((await tldList(next.access_token)).statusCode).toBe(200);
    expect((await post('/api/oauth/revoke', { token: next.refresh_token })).statusCode).toBe(200);
    expect(
      (await post('/api/oauth/token', { grant_type: 'refresh_token', refresh_token: next.refresh_token })).json(),
    ).toMatchObject({ error: 'invalid_grant' });
    expect((await tldList(next.access_token)).json()).toEqual({
      error: 'unauthorized',
      message: 'Authentication required',
    });
  });

  it.each([
    ['the password grant with its fields', { grant_type: 'password', username: 'a@example.com', password: PASSWORD }],
    ['the client credentials grant', { grant_type: 'client_credentials', client_id: 'x' }],
    ['a grant type of its own', { grant_type: 'urn:example:nothing' }],
  ])('answers %s with unsupported_grant_type, as JSON or as a form', async (_title, body) => {
    expect((await post('/api/oauth/token', body)).json()).toMatchObject({ error: 'unsupported_grant_type' });
    const form = await subject.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
    expect({ status: form.statusCode, error: form.json().error }).toEqual({
      status: 400,
      error: 'unsupported_grant_type',
    });
  });

  it('says what is wrong with a token request once, plainly', async () => {
    expect((await post('/api/oauth/token', {})).json()).toEqual({
      error: 'invalid_request',
      error_description: 'grant_type: is required; refresh_token: is required',
    });
    expect((await post('/api/oauth/token', { grant_type: 'refresh_token', refresh_token: 12 })).json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token: must be a string',
    });
  });

  it('kills the session at the fifth wrong code', async () => {
    const email = newEmail();
    const started = await signup(email);
    const code = codeOf(await inbox.mailTo(email));
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await verify(started.signup_session_token, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_grant');
    }
    const late = await verify(started.signup_session_token, code);
    expect(late.json()).toEqual({ error: 'invalid_grant', error_description: 'the signup session is no longer valid' });
  });

  it('refuses an expired session', async () => {
    const email = newEmail();
    const started = await signup(email);
    const code = codeOf(await inbox.mailTo(email));
    clock.advance(901_000);
    const res = await verify(started.signup_session_token, code);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'the signup session has expired' });
  });

  it('tells a taken address by mail, never by the answer, and its session verifies nothing', async () => {
    const email = newEmail();
    const first = await signup(email);
    await verify(first.signup_session_token, codeOf(await inbox.mailTo(email)));
    const again = await signup(email);
    const warning = await inbox.mailTo(email, (mail) => mail.subject.startsWith('Someone tried'));
    expect(warning.raw).not.toMatch(/verification code/);
    expect((await verify(again.signup_session_token, 'ABC123')).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses weak passwords and malformed addresses in the OAuth error format', async () => {
    const weak = await post('/api/oauth/signup', { email: newEmail(), password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('uppercase') });
    const badEmail = await post('/api/oauth/signup', { email: 'not-an-address', password: PASSWORD });
    expect(badEmail.json()).toEqual({ error: 'invalid_request', error_description: 'email: must be an email address' });
    expect((await post('/api/oauth/signup', { email: newEmail(), password: 12 })).json()).toEqual({
      error: 'invalid_request',
      error_description: 'password: must be a string',
    });
  });

  it('refuses a NUL byte or another control character in a password, as JSON and as text', async () => {
    const escaped = await post('/api/oauth/signup', { email: newEmail(), password: `${PASSWORD}\u0000x` });
    expect(escaped.json()).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(/NUL/) });
    const tab = await post('/api/oauth/signup', { email: newEmail(), password: `${PASSWORD}\tx` });
    expect(tab.json()).toEqual({
      error: 'invalid_request',
      error_description: 'password: must not contain control characters',
    });
  });

  it('publishes its metadata and the keys that verify its tokens', async () => {
    const metadata = (
      await subject.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })
    ).json();
    expect(metadata).toMatchObject({
      token_endpoint: expect.stringMatching(/\/api\/oauth\/token$/),
      jwks_uri: expect.stringMatching(/jwks\.json$/),
    });
    const jwks = (await subject.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
