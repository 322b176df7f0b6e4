import { CommandBus } from '@nestjs/cqrs';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { freshName } from '../support/market';
import { TestApp } from '../support/test-app';
import { screenshot, startPagesUnderTest } from '../support/pages-under-test';
import { newReseller, Partner } from '../support/web3-partner';

const owner = { type: 'SELF', contact: { ...ADA_CONTACT, phone: { dialingPrefix: '44', number: '2071234567' } } };

/**
 * Issue 29's operator console in headless Chromium: signing in with an operator key (a partner's is refused), the
 * dashboard's charts drawn with the day's figures, an operation found and its dependencies as a waterfall, its audit
 * moved back in time with the as-of slider, the account, domain and registry views; on a desktop and on a phone, and
 * nothing loaded from outside the service.
 */
describe("the operator's console", () => {
  let subject: TestApp;
  let browser: Browser;
  let base: string;
  let operatorKey: string;
  let reseller: Partner;
  let name: string;
  let operationId: string;
  const outside: string[] = [];

  beforeAll(async () => {
    ({ subject, browser, base } = await startPagesUnderTest());
    const commands = subject.app.get(CommandBus);
    const { accountId } = await commands.execute(new OpenAccount({ kind: 'operator', name: 'Console operator' }));
    operatorKey = (await commands.execute(new IssueCredential(accountId, 'operator_key'))).secret;
    // a day's activity: a reseller's registration, a user's searches
    reseller = await newReseller(subject);
    name = freshName('console');
    const asked = await reseller.call('POST', '/domains', { name, owner });
    expect(asked.status).toBe(201);
    operationId = asked.body.operation.id;
    const user = await newAgent(subject);
    await user.action('svc_domains_search', { query: 'console coffee' });
    await subject.settled();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await subject?.close();
  });

  const open = async (viewport: { width: number; height: number }): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport });
    context.on('request', (sent) => {
      if (!sent.url().startsWith(base)) outside.push(sent.url());
    });
    return context;
  };
  const signIn = async (page: Page, key: string) => {
    await page.goto(`${base}/console`);
    expect(page.url()).toBe(`${base}/console/sign-in`);
    await page.fill('#key', key);
    return Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]).then(([response]) => response);
  };
  /** What a chart draws: the sum of every value of every series, as Chart.js holds them. */
  const drawn = (page: Page, id: string) =>
    page.evaluate<number>(
      `Chart.getChart(document.getElementById(${JSON.stringify(id)})).data.datasets` +
        '.reduce((sum, set) => sum + set.data.reduce((a, b) => a + b, 0), 0)',
    );

  it('refuses a partner key, and signed in with an operator key shows the day in charts', async () => {
    const context = await open({ width: 1280, height: 900 });
    const page = await context.newPage();
    const refused = await signIn(page, reseller.key);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/not an operator key/);
    const wrong = await signIn(page, `svc_ops_${'0'.repeat(64)}`);
    expect(wrong?.status()).toBe(401);

    const entered = await signIn(page, operatorKey);
    expect(entered?.status()).toBe(200);
    expect(page.url()).toBe(`${base}/console`);
    await page.selectOption('#range', '24h');
    await Promise.all([page.waitForNavigation(), page.click('form[action="/console"] button')]);
    await page.waitForFunction(`!!window.Chart && !!Chart.getChart(document.getElementById('chart-activity'))`);
    // one registration and one search today, as the charts draw them and the tiles say
    expect(await drawn(page, 'chart-activity')).toBe(1);
    expect(await drawn(page, 'chart-people')).toBeGreaterThanOrEqual(2);
    expect(await drawn(page, 'chart-money')).toBeGreaterThan(0);
    await expect(page.locator('.tile', { hasText: 'Registrations' }).locator('b').textContent()).resolves.toBe('1');
    await screenshot(page, 'console-dashboard');
    const exported = await context.request.get(`${base}/console/export?range=24h`);
    expect(exported.headers()['content-type']).toMatch(/^text\/csv/);
    const csv = (await exported.text()).split('\r\n');
    expect(csv[0]).toBe('bucket_start,metric,dimension,count,sum,p50,p90,p99');
    expect(csv.filter((line) => line.includes(',registrations,reseller,1,1,'))).toHaveLength(1);
    await context.close();
  });

  it('finds an operation, draws its dependencies as a waterfall, and moves its audit back in time', async () => {
    const context = await open({ width: 1280, height: 900 });
    const page = await context.newPage();
    await signIn(page, operatorKey);
    await page.goto(`${base}/console/operations?domain=${name}`);
    await Promise.all([page.waitForNavigation(), page.click(`a[href="/console/operations/${operationId}"]`)]);
    const operation = await reseller.operation(operationId);
    // one bar per dependency, each coloured by how it ended
    for (const dependency of operation.dependencies)
      expect(await page.locator(`svg.waterfall rect.${dependency.status}`).count()).toBeGreaterThan(0);
    expect(await page.locator('svg.waterfall text').count()).toBe(operation.dependencies.length);
    await screenshot(page, 'console-operation');

    await Promise.all([page.waitForNavigation(), page.click('text=Audit this operation')]);
    const rows = page.locator('ol.events > li');
    const all = await rows.count();
    expect(all).toBeGreaterThan(3);
    await expect(page.locator('h2', { hasText: 'State now' }).count()).resolves.toBe(1);
    // the slider to the first moment: only the request had happened, and the operation was queued
    await Promise.all([
      page.waitForNavigation(),
      page.evaluate(
        `(() => { const slider = document.getElementById('at'); slider.value = slider.min;` +
          ` slider.dispatchEvent(new Event('change')); })()`,
      ),
    ]);
    expect(page.url()).toMatch(/[?&]at=\d+/);
    expect(await rows.count()).toBeLessThan(all);
    expect(await rows.count()).toBeGreaterThan(0);
    await expect(page.locator('pre.json').first().textContent()).resolves.toMatch(/"status": "QUEUED"/);
    await screenshot(page, 'console-audit-as-of');
    await context.close();
  });

  it('shows an account, a domain, the registry clock and prices, and fits a phone', async () => {
    const context = await open({ width: 360, height: 740 });
    const page = await context.newPage();
    await signIn(page, operatorKey);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await screenshot(page, 'console-dashboard-phone');
    await page.goto(`${base}/console/accounts/${reseller.accountId}`);
    await expect(page.locator(`a[href="/console/operations/${operationId}"]`).count()).resolves.toBe(1);
    await page.goto(`${base}/console/domains/${name}`);
    await expect(page.locator('code', { hasText: `registry-domain-${name}#` }).count()).resolves.toBeGreaterThan(0);
    await page.goto(`${base}/console/registry`);
    await expect(page.locator('td', { hasText: '.com' }).count()).resolves.toBe(1);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await screenshot(page, 'console-registry-phone');
    // signed out from this tab after another tab was opened (its form token changed since): the pages close again
    const other = await context.newPage();
    await other.goto(`${base}/console/operations`);
    await Promise.all([page.waitForNavigation(), page.click('text=Sign out')]);
    await other.goto(`${base}/console/operations`);
    expect(other.url()).toBe(`${base}/console/sign-in`);
    await page.goto(`${base}/console/registry`);
    expect(page.url()).toBe(`${base}/console/sign-in`);
    await context.close();
  });

  it('loaded nothing from outside the service', () => {
    expect(outside).toEqual([]);
  });
});
