import { Pool } from 'pg';
import { newAgent } from '../support/agent';
import { createTestApp, TestApp } from '../support/test-app';
import { RawResponse, sendRaw } from './raw-http';

/**
 * Hostile input aimed at what the pages and the processor's webhook take besides what every route takes (the
 * every-route suite): links of every shape, forms posted without the page's cookie or with odd fields, and events
 * without a signature. Never a 5xx, never a card saved or a link used, never a page that echoes what it was sent.
 */
describe('hostile input on the pages and the processor webhook', () => {
  let subject: TestApp;
  let port: number;
  let pool: Pool;
  let link: string;

  beforeAll(async () => {
    subject = await createTestApp();
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    port = (subject.app.getHttpServer().address() as { port: number }).port;
    pool = new Pool({ connectionString: subject.databaseUrl, max: 1 });
    const agent = await newAgent(subject);
    link = new URL((await agent.action('svc_cart_add_payment_method_url')).body.url).searchParams.get('link')!;
  });
  afterAll(async () => {
    await pool.end();
    await subject.close();
  });

  const send = (method: string, target: string, body?: string, headers: Record<string, string> = {}) =>
    sendRaw(port, {
      method,
      target,
      headers: {
        host: `127.0.0.1:${port}`,
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        ...headers,
      },
      body,
    });
  const noFault = (response: RawResponse) => expect(response.status).toBeLessThan(500);

  const ODD_LINKS = [
    '',
    'pl_',
    'pl_' + 'A'.repeat(42),
    'pl_' + 'A'.repeat(44),
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'pl_%00' + 'A'.repeat(40),
    '%F0%9F%92%A9'.repeat(10),
    'x'.repeat(201),
  ];

  it.each(ODD_LINKS)('opens nothing for the link %j, and never shows it back', async (odd) => {
    for (const page of ['/pay/card', '/pay/checkout', '/account/enter']) {
      const response = await send('GET', `${page}?link=${odd}`);
      noFault(response);
      expect([400, 410]).toContain(response.status);
      if (odd.length > 0) expect(response.text).not.toContain(decodeURIComponent(odd.replace(/%00/g, '')));
    }
  });

  it('refuses a form posted without the cookie of its page, saving and using nothing', async () => {
    const form = new URLSearchParams({ link, csrf: 'forged', number: '4242424242424242', expiry: '12/39', cvc: '123' });
    const response = await send('POST', '/pay/card', form.toString(), { cookie: 'pay_csrf=other' });
    expect(response.status).toBe(403);
    expect(response.text).toContain('not opened from its link in this browser');
    const withoutCookie = await send('POST', '/pay/card', form.toString());
    expect(withoutCookie.status).toBe(403);
    expect((await pool.query('select count(*)::int as count from sandbox_cards')).rows[0].count).toBe(0);
  });

  it('refuses forms with fields too long, missing, doubled or unknown, in the service format', async () => {
    const base = { link, csrf: 'c', number: '4242424242424242', expiry: '12/39', cvc: '123' };
    const bodies = [
      new URLSearchParams({ ...base, number: '4'.repeat(100_000) }).toString(),
      new URLSearchParams({ link, csrf: 'c' }).toString(),
      `${new URLSearchParams(base).toString()}&number=1`,
      new URLSearchParams({ ...base, amount: '1' }).toString(),
      '%%%',
    ];
    for (const body of bodies) {
      const response = await send('POST', '/pay/card', body, { cookie: 'pay_csrf=c' });
      noFault(response);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    const json = await send('POST', '/pay/checkout', JSON.stringify(base), { 'content-type': 'application/json' });
    expect(json.status).toBeLessThan(500);
    expect((await pool.query('select count(*)::int as count from sandbox_cards')).rows[0].count).toBe(0);
  });

  it("opens none of the account's pages without its session, whatever the path, form or cookie", async () => {
    const targets = [
      ['GET', '/account/domains?q=%3Cscript%3E&status=all&sort=name&page=1'],
      ['GET', '/account/domains?page=0'],
      ['GET', '/account/domains?sort=price'],
      ['GET', `/account/domains/${'a'.repeat(300)}.com`],
      ['GET', '/account/domains/%F0%9F%92%A9.com'],
      ['GET', '/account/messages/0'],
      ['GET', '/account/messages/99999999999999999999'],
      ['GET', '/account/cart'],
      ['POST', '/account/domains/x.com/auto-renewal'],
      ['POST', '/account/messages/1'],
      ['POST', '/account/cart/checkout'],
    ];
    const forms = [undefined, 'csrf=c&action=disable', 'csrf=c&content=hi', 'csrf=c&action=explode', '%%%'];
    for (const [method, target] of targets) {
      for (const body of method === 'POST' ? forms : [undefined]) {
        for (const cookie of ['', 'account_session=forged; pay_csrf=c', `account_session=${'x'.repeat(5000)}`]) {
          const response = await send(method, target, body, cookie ? { cookie } : {});
          noFault(response);
          expect([method, target, body, response.status]).toEqual([method, target, body, expect.any(Number)]);
          expect([400, 401, 403, 404]).toContain(response.status);
          expect(response.text).not.toContain('<script>');
        }
      }
    }
  });

  it("opens none of the console's pages without an operator's session, and never echoes what it was sent", async () => {
    const targets = [
      ['GET', '/console'],
      ['GET', '/console?range=%3Cscript%3E'],
      ['GET', '/console/export?range=24h'],
      ['GET', '/console/operations?domain=%3Cscript%3E'],
      ['GET', '/console/operations/%3Cscript%3E'],
      ['GET', '/console/audit?subject=operation&id=%3Cscript%3E&at=1'],
      ['GET', '/console/audit?subject=planet&id=x'],
      ['GET', `/console/accounts/${'a'.repeat(400)}`],
      ['GET', '/console/registry'],
      ['POST', '/console/sign-out'],
      ['POST', '/console/sign-in'],
    ];
    const forms = [undefined, 'csrf=c&key=%3Cscript%3E', `csrf=c&key=${'k'.repeat(3000)}`, 'csrf=c&key=a&key=b', '%%%'];
    for (const [method, target] of targets) {
      for (const body of method === 'POST' ? forms : [undefined]) {
        for (const cookie of ['', 'console_session=forged; pay_csrf=c', `console_session=${'x'.repeat(5000)}`]) {
          const response = await send(method, target, body, cookie ? { cookie } : {});
          noFault(response);
          // signed out, a page sends the browser to sign in; a form is refused
          expect([method, target, body, [303, 400, 401, 403, 404].includes(response.status)]).toEqual([
            method,
            target,
            body,
            true,
          ]);
          if (response.status === 303) expect(response.headers.location).toBe('/console/sign-in');
          expect(response.text).not.toContain('<script>');
          expect(response.headers['set-cookie'] ?? '').not.toContain('console_session=ey');
        }
      }
    }
  });

  it('takes no processor event without a processor signature', async () => {
    const event = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const signatures: Record<string, string>[] = [
      {},
      { 'stripe-signature': 't=1,v1=00' },
      { 'stripe-signature': 'x'.repeat(5000) },
    ];
    for (const headers of signatures) {
      const response = await send('POST', '/payments/stripe/events', event, {
        'content-type': 'application/json',
        ...headers,
      });
      expect([response.status, JSON.parse(response.text)]).toEqual([
        400,
        { code: 'BAD_REQUEST', message: 'this is not an event signed by the card processor' },
      ]);
    }
  });
});
