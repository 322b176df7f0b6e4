import { Browser, BrowserContext, Page } from 'playwright-core';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { freshName, Holder, newHolder } from '../support/market';
import { codeOf, SmtpInbox } from '../support/smtp-inbox';
import { hostingGet } from '../support/hosting';
import { TestApp } from '../support/test-app';
import { screenshot, startPagesUnderTest } from '../support/pages-under-test';

/**
 * Issue 27's for-sale page, driven in headless Chromium as a person would use it (a 360-pixel phone, JavaScript
 * off): a visitor reaches it from the name itself (the hosting listener), signs up on it and comes back, makes an
 * offer, writes to the seller, and buys the name through the checkout page; nothing is loaded from outside.
 */
describe('the for-sale page', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;
  const outside: string[] = [];

  beforeAll(async () => {
    await inbox.start();
    ({ subject, browser, base } = await startPagesUnderTest({ env: { SMTP_URL: inbox.url } }));
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    context.on('request', (sent) => {
      if (!sent.url().startsWith(base)) outside.push(sent.url());
    });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await subject?.close();
    await inbox.stop();
  });

  const fitsThePhone = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');
  const listed = async (): Promise<Holder> => {
    const seller = await newHolder(subject, [freshName('showcase')]);
    await seller.action('svc_listing_create', {
      domains: [
        {
          domainName: seller.names[0],
          priceInCents: 250_000,
          listingSettings: { minOfferAmountInCents: 100_000 },
          leaseToOwnOptions: { type: 'equal_installments', maxTermLength: 12 },
        },
      ],
    });
    await subject.settled();
    return seller;
  };
  it('sends the name itself to its page, where a visitor signs up, offers, writes and buys it', async () => {
    const seller = await listed();
    const [name] = seller.names;
    // the name is parked on the hosting listener while listed: its visitors land on the page
    const parked = await hostingGet(subject, name);
    expect(parked).toMatchObject({ status: 302, location: `${base}/market/${name}` });

    const page = await context.newPage();
    const opened = await page.goto(parked.location!);
    expect(opened?.status()).toBe(200);
    expect(page.url()).toBe(`${base}/market/${name}`);
    expect(opened?.headers()['content-security-policy']).toMatch(/default-src 'none'/);
    await expect(page.getByRole('heading', { name: `${name} is for sale` }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Buy now for $2,500.00').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Offers welcome from $1,000.00.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('up to 12 equal monthly payments', { exact: false }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'for-sale');
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(360);

    // signing up on the page: a code by mail, then back on the page, signed in
    const email = `visitor-${name.split('.')[0]}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Visitor-pass-1!');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(`We mailed a code to ${email}.`).isVisible()).resolves.toBe(true);
    const code = codeOf(await inbox.mailTo(email));
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Make an offer' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'for-sale-signed-in');

    await page.getByLabel('Your offer (USD)').fill('1,500');
    await page.getByLabel('A note to the seller (optional)').fill('Keen to build a shop on it.');
    await page.getByRole('button', { name: 'Make an offer' }).click();
    await expect(page.getByText('Offer of $1,500.00 sent to the seller', { exact: false }).isVisible()).resolves.toBe(
      true,
    );
    const offers = await seller.action('svc_offers_list', { group: 'active' });
    expect(offers.body.offers).toEqual([expect.objectContaining({ domainName: name, priceInCents: 150_000 })]);

    await page.getByLabel('Message to the seller').fill('Would you take $2,000 instead?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Sent: the seller is mailed your message.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Would you take $2,000 instead?').isVisible()).resolves.toBe(true);
    await inbox.mailTo(seller.email, (mail) => mail.raw.includes('Would you take $2,000 instead?'));
    await screenshot(page, 'for-sale-conversation');
    await page.getByRole('button', { name: 'Watch this name' }).click();
    await expect(page.getByText('You watch this name.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Stop watching' }).isVisible()).resolves.toBe(true);
    await subject.settled();
    const entry = (await seller.action('svc_portfolio_list', { searchTerm: name })).body.domains[0];
    expect(entry).toMatchObject({ name, offersCount: 1, leadsCount: 1, watchlistCount: 1 });

    // buying: the registrant's details first (a new account has none), then the checkout page
    for (const [label, value] of [
      ['First name', 'Vera'],
      ['Last name', 'Visitor'],
      ['Email', email],
      ['Phone country code (+44)', '+44'],
      ['Phone number', '2071234567'],
      ['Street', '1 Market Street'],
      ['City', 'London'],
      ['State or province (code)', 'LND'],
      ['Postal code', 'EC1A 1AA'],
      ['Country (two letters)', 'GB'],
    ])
      await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL(/\/pay\/checkout\?link=pl_/);
    await expect(page.getByText(name).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Bought from its owner on our marketplace').isVisible()).resolves.toBe(true);
    await page.getByLabel('Sandbox test card: Visa ending 4242 (pays)').check();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Thank you' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'for-sale-bought');
    await subject.settled();

    const info = await subject.app.get(SandboxRegistry).info(name);
    const sellerNames = (await seller.action('svc_portfolio_list', {})).body.domains.map(
      (domain: { name: string }) => domain.name,
    );
    expect(sellerNames).not.toContain(name);
    expect(info?.contacts?.registrant).toMatch(/^con_/);
    // sold: the page says so, and the name no longer parks on the hosting listener
    const after = await page.goto(`${base}/market/${name}`);
    expect(after?.status()).toBe(404);
    await expect(page.getByText(`${name} is not for sale here now.`).isVisible()).resolves.toBe(true);
    expect((await hostingGet(subject, name)).status).toBe(404);
    await page.close();
    expect(outside).toEqual([]);
  });

  it('answers 404 with a page for a name that is not listed, and refuses a form posted from elsewhere', async () => {
    const page = await context.newPage();
    const answer = await page.goto(`${base}/market/${freshName('nothing')}`);
    expect(answer?.status()).toBe(404);
    const seller = await listed();
    const forged = await fetch(`${base}/market/${seller.names[0]}/offer`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=forged&amount=1500',
    });
    expect(forged.status).toBe(403);
    expect((await seller.action('svc_offers_list', {})).body.offers).toEqual([]);
    await page.close();
  });
});
