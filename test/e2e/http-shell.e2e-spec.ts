import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configurationTable } from '../../src/infrastructure/config/config';
import { createTestApp, TestApp } from '../support/test-app';
import { ValidationProbeModule } from '../support/validation-probe.module';

describe('HTTP shell', () => {
  let subject: TestApp;
  beforeAll(async () => (subject = await createTestApp({ extraModules: [ValidationProbeModule] })));
  afterAll(() => subject.close());

  const post = (url: string, payload: unknown) =>
    subject.app.inject({ method: 'POST', url, payload: payload as object });

  it('answers /health with the database ready', async () => {
    const res = await subject.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('serves Prometheus metrics with request latency, projection lag and operation durations', async () => {
    await subject.app.inject({ method: 'GET', url: '/health' });
    const res = await subject.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+/);
    expect(res.body).toMatch(/projection_lag_events\{consumer="operation-list"\} \d+/);
    expect(res.body).toContain('# TYPE operation_duration_seconds histogram');
  });

  it('serves Swagger UI at /docs over the OpenAPI documents at /openapi/<surface>.json', async () => {
    const ui = await subject.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    const document = await subject.app.inject({ method: 'GET', url: '/openapi/resolution.json' });
    expect(document.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'E: resolution' } });
    const missing = await subject.app.inject({ method: 'GET', url: '/docs/nothing.json' });
    expect({ status: missing.statusCode, code: missing.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('accepts a valid body and keeps its types', async () => {
    const res = await post('/partner/v3/_probe', { name: 'alice', count: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'alice', count: 3, countType: 'number' });
  });

  describe.each([
    [
      'agent actions',
      '/mcp/v1/actions/_probe',
      { error: 'invalid_request', message: expect.any(String), issues: [expect.objectContaining({ path: 'extra' })] },
    ],
    [
      'headless signup',
      '/api/oauth/_probe',
      { error: 'invalid_request', error_description: expect.stringContaining('extra') },
    ],
    ['partner', '/partner/v3/_probe', { code: 'VALIDATION', message: expect.stringContaining('extra') }],
    [
      'resolution',
      '/resolve/_probe',
      { code: 'VALIDATION', message: expect.any(String), errors: [expect.objectContaining({ path: 'extra' })] },
    ],
  ])('%s error format', (_surface, url, unknownPropertyBody) => {
    it('rejects an unknown property with 400 in the surface format', async () => {
      const res = await post(url, { name: 'alice', count: 3, extra: true });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(unknownPropertyBody);
    });

    it('does not coerce "12" into a number', async () => {
      const res = await post(url, { name: 'alice', count: '12' });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('count');
    });

    it('rejects malformed JSON with 400, not 500', async () => {
      const res = await subject.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(res.statusCode).toBe(400);
    });

    it('rejects a body that is not an object', async () => {
      const res = await post(url, [1, 2]);
      expect(res.statusCode).toBe(400);
    });
  });

  it('lists several problems on the partner surface as MULTIPLE_ERRORS', async () => {
    const res = await post('/partner/v3/_probe', { name: '', count: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'MULTIPLE_ERRORS',
      errors: expect.arrayContaining([expect.objectContaining({ code: 'VALIDATION' })]),
    });
  });

  it('answers an unknown route with 404 in the surface format', async () => {
    expect((await subject.app.inject({ method: 'GET', url: '/partner/v3/nothing' })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await post('/mcp/v1/actions/svc_nothing', {})).json()).toMatchObject({ error: 'unknown_action' });
  });
});

describe('README', () => {
  it('documents every configuration variable with its default', () => {
    const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
    expect(readme).toContain(configurationTable());
  });
});
