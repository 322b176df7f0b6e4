import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CommandBus } from '@nestjs/cqrs';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { createTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'Corr3ct-horse!';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('surface B: account enumeration and rate limits', () => {
  let subject: TestApp;
  afterEach(() => subject.close());

  const signup = (email: string, ip = '203.0.113.7') =>
    subject.app.inject({
      method: 'POST',
      url: '/api/oauth/signup',
      payload: { email, password: PASSWORD },
      remoteAddress: ip,
    });

  it('answers a taken and a new address alike: status, headers, body shape and timing', async () => {
    subject = await createTestApp({
      env: { OAUTH_RATE_LIMIT_PER_IP: '100000', SIGNUP_RATE_LIMIT_PER_EMAIL: '100000' },
    });
    const taken = 'taken@example.com';
    await subject.app
      .get(CommandBus)
      .execute(new OpenAccount({ kind: 'user', name: 'Taken', email: taken, password: PASSWORD }));
    const fresh = () => `new-${randomUUID().slice(0, 8)}@example.com`;

    const a = await signup(taken);
    const b = await signup(fresh());
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(a.statusCode);
    expect(comparable(b.headers)).toEqual(comparable(a.headers));
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value]));
    expect(shape(b.json())).toEqual(shape(a.json()));
    expect(b.json().expires_in).toBe(a.json().expires_in);
    expect(a.json().signup_session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.json().signup_session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const timings = { taken: [] as number[], fresh: [] as number[] };
    // 40 rounds: the median of 20 moved by a fifth while other test files loaded the machine
    for (let round = 0; round < 40; round++) {
      // alternate, so that anything drifting over the run affects both alike
      for (const [kind, email] of [
        ['taken', taken],
        ['fresh', fresh()],
      ] as const) {
        const started = performance.now();
        expect((await signup(email)).statusCode).toBe(200);
        timings[kind].push(performance.now() - started);
      }
    }
    const [takenMedian, freshMedian] = [median(timings.taken), median(timings.fresh)];
    expect(Math.abs(takenMedian - freshMedian) / Math.max(takenMedian, freshMedian)).toBeLessThan(0.2);
  });

  it('limits signups per IP address and per email with 429 slow_down and Retry-After', async () => {
    subject = await createTestApp({
      env: { OAUTH_RATE_LIMIT_PER_IP: '3', SIGNUP_RATE_LIMIT_PER_EMAIL: '2', RATE_LIMIT_WINDOW_SECONDS: '600' },
    });
    const email = 'limited@example.com';
    expect((await signup(email, '198.51.100.1')).statusCode).toBe(200);
    expect((await signup(email, '198.51.100.2')).statusCode).toBe(200);
    const perEmail = await signup(email, '198.51.100.3');
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json()).toEqual({
      error: 'slow_down',
      error_description: expect.stringContaining('too many requests'),
    });
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    for (let n = 0; n < 3; n++) expect((await signup(`ip-${n}@example.com`, '198.51.100.9')).statusCode).toBe(200);
    const perIp = await signup('ip-4@example.com', '198.51.100.9');
    expect(perIp.statusCode).toBe(429);
    expect(Number(perIp.headers['retry-after'])).toBeLessThanOrEqual(600);
  });
});
