import { Browser, BrowserContext, Page } from 'playwright-core';
import { Agent, newAgent } from '../support/agent';
import { freshName, Holder, newHolder } from '../support/market';
import { TestApp } from '../support/test-app';
import { screenshot, startPagesUnderTest } from '../support/pages-under-test';

/**
 * Issue 28: `svc_authenticated_url_get`'s single-use link opens the account's pages signed in, driven in headless
 * Chromium on a 360-pixel phone with JavaScript off: the portfolio with its filters, a domain's page (turning
 * auto-renewal off), offers and a conversation (writing in it), the cart on to checkout; nothing loaded from outside.
 */
describe("the account's pages", () => {
  let subject: TestApp;
  let browser: Browser;
  let base: string;
  let seller: Holder;
  const outside: string[] = [];

  beforeAll(async () => {
    ({ subject, browser, base } = await startPagesUnderTest());
    seller = await newHolder(subject, [freshName('acct-a'), freshName('acct-b'), freshName('acct-listed')]);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await subject?.close();
  });

  const phone = async (): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    context.on('request', (sent) => {
      if (!sent.url().startsWith(base)) outside.push(sent.url());
    });
    return context;
  };
  const fitsThePhone = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');
  const linkTo = async (who: Agent, path: string): Promise<string> => {
    const answer = await who.action('svc_authenticated_url_get', { path });
    expect(answer).toMatchObject({
      status: 200,
      body: { url: expect.stringMatching(`^${base}/account/enter\\?link=pl_`) },
    });
    return answer.body.url;
  };

  it('opens the portfolio signed in, filters it, and turns a domain’s auto-renewal off on its page', async () => {
    const [a, , listed] = seller.names;
    await seller.action('svc_listing_create', { domains: [{ domainName: listed, priceInCents: 90_000 }] });
    await seller.action('svc_dns_record_add', {
      records: [{ domain: a, type: 'A', subName: 'www', values: ['192.0.2.5'] }],
    });
    await seller.action('svc_domain_auto_renewal_update', { action: 'enable', domains: [{ name: a }] });
    await subject.settled();
    expect((await seller.action('svc_authenticated_url_get', { path: '/settings' })).status).toBe(400);

    const context = await phone();
    const page = await context.newPage();
    const url = await linkTo(seller, '/portfolio');
    const opened = await page.goto(url);
    expect(opened?.status()).toBe(200);
    expect(page.url()).toBe(`${base}/account/domains`);
    for (const name of seller.names)
      await expect(page.getByRole('link', { name: new RegExp(name) }).count()).resolves.toBe(1);
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(360);
    await screenshot(page, 'account-domains');

    await page.selectOption('#status', 'for-sale');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.locator('a.item').allTextContents()).resolves.toEqual([expect.stringContaining(listed)]);
    await expect(page.locator('a.item').textContent()).resolves.toContain('$900.00');

    await page.goto(`${base}/account/domains`);
    await page.getByRole('link', { name: new RegExp(a) }).click();
    expect(page.url()).toBe(`${base}/account/domains/${a}`);
    await expect(page.getByText('192.0.2.5').count()).resolves.toBe(1);
    await expect(page.locator('td', { hasText: 'On' }).count()).resolves.toBe(1);
    await screenshot(page, 'account-domain');
    await page.getByRole('button', { name: 'Turn auto-renewal off' }).click();
    expect(page.url()).toBe(`${base}/account/domains/${a}`);
    await expect(page.getByRole('button', { name: 'Turn auto-renewal on' }).count()).resolves.toBe(1);
    const renewing = await seller.action('svc_portfolio_list', { autoRenewal: 'true' });
    expect(renewing.body.domains).toEqual([]);
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(360);

    // the link worked once
    const again = await (await phone()).newPage();
    expect((await again.goto(url))?.status()).toBe(410);
    await expect(again.getByText('was used already').count()).resolves.toBe(1);
    // a browser without the session sees nothing
    expect((await again.goto(`${base}/account/domains`))?.status()).toBe(401);
    await context.close();
    expect(outside).toEqual([]);
  });

  it('shows offers and conversations, where the user writes back, and takes the cart to checkout', async () => {
    const [, , listed] = seller.names;
    const buyer = await newAgent(subject);
    await buyer.action('svc_offer_create', {
      domainName: listed,
      priceInCents: 70_000,
      message: 'Would you take $700?',
    });
    await seller.action('svc_cart_add_domain_registration', { domains: [{ name: freshName('acct-cart') }] });
    await subject.settled();

    const context = await phone();
    const page = await context.newPage();
    await page.goto(await linkTo(seller, '/account/offers'));
    expect(page.url()).toBe(`${base}/account/offers`);
    await expect(page.getByText('$700.00').count()).resolves.toBe(1);
    await screenshot(page, 'account-offers');
    await page.getByRole('link', { name: new RegExp(listed) }).click();
    await expect(page.getByText('Would you take $700?').count()).resolves.toBe(1);
    await page.fill('#content', 'Make it $800 and it is yours.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Make it $800 and it is yours.').count()).resolves.toBe(1);
    await screenshot(page, 'account-messages');
    const [lead] = (await buyer.action('svc_leads_list', {})).body.leads;
    expect(lead.latestMessage.content).toBe('Make it $800 and it is yours.');

    await page.getByRole('link', { name: 'Cart' }).click();
    await expect(page.getByText('Total due').count()).resolves.toBe(1);
    await screenshot(page, 'account-cart');
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Check out' }).click();
    expect(page.url()).toMatch(new RegExp(`^${base}/pay/checkout\\?link=pl_`));
    await expect(page.getByRole('heading', { name: 'Check out' }).count()).resolves.toBe(1);
    await context.close();
    expect(outside).toEqual([]);
  });

  it('does no more than the credential that asked for the link, and shows another account nothing', async () => {
    const [a] = seller.names;
    // a read-only key of another account: its own pages, no form to change anything
    const reader = await newAgent(subject, ['portfolio:read']);
    const context = await phone();
    const page = await context.newPage();
    await page.goto(await linkTo(reader, `/account/domains/${a}`));
    expect(page.url()).toBe(`${base}/account/domains/${a}`);
    await expect(page.getByText('not in your portfolio').count()).resolves.toBe(1);
    await expect(page.getByRole('button').count()).resolves.toBe(0);
    expect((await page.goto(`${base}/account/cart`))?.status()).toBe(401);
    await context.close();
  });
});
