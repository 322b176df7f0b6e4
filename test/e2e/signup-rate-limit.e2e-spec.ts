import { createTestApp, TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

/** Surface B's limits as a client meets them: a sliding window, and a Retry-After that can be trusted. */
describe('surface B: sliding rate limits', () => {
  let subject: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    subject = await createTestApp({
      clock,
      env: { OAUTH_RATE_LIMIT_PER_IP: '3', SIGNUP_RATE_LIMIT_PER_EMAIL: '100', RATE_LIMIT_WINDOW_SECONDS: '600' },
    });
  });
  afterAll(() => subject.close());

  let signups = 0;
  const signup = () =>
    subject.app.inject({
      method: 'POST',
      url: '/api/oauth/signup',
      remoteAddress: '198.51.100.20',
      payload: { email: `sliding-${++signups}@example.com`, password: 'Corr3ct-horse!' },
    });

  it('answers 429 with the seconds until the oldest counted request leaves the window, then lets the next one in', async () => {
    // the figures are exact seconds: the signups' own time (password hashing, a busy CI machine) must not shift them
    clock.freeze();
    for (let n = 0; n < 3; n++) expect((await signup()).statusCode).toBe(200);
    clock.advance(100_000);
    const refused = await signup();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('500');
    clock.advance(499_000);
    expect((await signup()).headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await signup()).statusCode).toBe(200);
  });
});
