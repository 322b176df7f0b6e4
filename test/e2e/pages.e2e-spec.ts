import { randomUUID } from 'node:crypto';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { PAGE_LINK_TTL_MS } from '../../src/domain/commerce/page-link';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { TestApp } from '../support/test-app';
import { screenshot, startPagesUnderTest } from '../support/pages-under-test';
import { TestClock } from '../support/test-clock';

/**
 * Issue 26's pages, driven in headless Chromium as a person would use them (on a 360-pixel phone, with JavaScript
 * off): a card added on the page appears in svc_cart_get_payment_methods; a checkout paid on the page registers
 * the names; a used or expired link is refused; nothing is loaded from outside the service.
 */
describe('the pages: add a card, check out', () => {
  let subject: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;
  const clock = new TestClock();
  const outside: string[] = [];

  beforeAll(async () => {
    ({ subject, browser, base } = await startPagesUnderTest({ clock }));
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    context.on('request', (request) => {
      if (!request.url().startsWith(base)) outside.push(request.url());
    });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await subject?.close();
  });

  const newBuyer = async (): Promise<Agent> => {
    const agent = await newAgent(subject);
    await agent.action('svc_contact_create', ADA_CONTACT);
    await subject.settled();
    return agent;
  };
  /** The page fits a phone's width: nothing to scroll sideways. */
  const fitsThePhone = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

  it("adds a card typed on the page to the user's payment methods, once", async () => {
    const buyer = await newBuyer();
    const link = await buyer.action('svc_cart_add_payment_method_url');
    expect(link.body).toMatchObject({
      url: expect.stringMatching(`^${base}/pay/card\\?link=pl_`),
      expiresIn: 900,
      sandbox: true,
    });
    const page = await context.newPage();
    const opened = await page.goto(link.body.url);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['content-security-policy']).toMatch(/default-src 'none'/);
    await expect(page.getByRole('heading', { name: 'Add a card' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Sandbox: no real card is charged').isVisible()).resolves.toBe(true);
    await screenshot(page, 'add-card');
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(360);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Added: VISA ending 4242, expires 12/2039').isVisible()).resolves.toBe(true);
    await screenshot(page, 'add-card-added');
    expect((await buyer.action('svc_cart_get_payment_methods')).body.savedCards).toEqual([
      {
        id: expect.stringMatching(/^pm_sbx_/),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2039,
        isExpired: false,
        isDefault: true,
      },
    ]);
    // used: the link opens nothing any more
    const again = await page.goto(link.body.url);
    expect(again?.status()).toBe(410);
    await expect(page.getByText('This link was used already').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('says what is wrong with a card without keeping or showing its number, and keeps the link usable', async () => {
    const buyer = await newBuyer();
    const { url } = (await buyer.action('svc_cart_add_payment_method_url')).body;
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('That card number is not valid').isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    await screenshot(page, 'add-card-invalid');
    await page.getByLabel('Card number').fill('5555 5555 5555 4444');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Added: MASTERCARD ending 4444').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('refuses a link after its 15 minutes', async () => {
    const buyer = await newBuyer();
    const { url } = (await buyer.action('svc_cart_add_payment_method_url')).body;
    clock.advance(PAGE_LINK_TTL_MS);
    const page = await context.newPage();
    expect((await page.goto(url))?.status()).toBe(410);
    await expect(page.getByText('This link has expired').isVisible()).resolves.toBe(true);
    await screenshot(page, 'link-expired');
    await page.close();
  });

  it('checks out the cart on the page: a declined card charges nothing, another pays, the names are registered', async () => {
    const buyer = await newBuyer();
    const name = `page-${randomUUID().slice(0, 8)}.com`;
    await buyer.action('svc_cart_add_domain_registration', { domains: [{ name, quantity: 2 }] });
    const link = await buyer.action('svc_cart_get_url');
    expect(link.body).toMatchObject({
      checkoutUrl: expect.stringMatching(`^${base}/pay/checkout\\?link=pl_`),
      cartSummary: { itemCount: 1, subtotal: 2598, totalAmountDue: 3118 },
    });
    const page = await context.newPage();
    await page.goto(link.body.checkoutUrl);
    await expect(page.getByText(name).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Registration, 2 years').isVisible()).resolves.toBe(true);
    await screenshot(page, 'checkout');
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(360);
    await page.getByLabel('Sandbox test card: Visa ending 0002 (declined)').check();
    await page.getByRole('button', { name: 'Pay $31.18' }).click();
    await expect(page.getByText('The payment did not go through (generic_decline)').isVisible()).resolves.toBe(true);
    await screenshot(page, 'checkout-declined');
    expect((await buyer.action('svc_cart_get')).body.itemCount).toBe(1);
    await page.getByLabel('Sandbox test card: Visa ending 4242 (pays)').check();
    await page.getByRole('button', { name: 'Pay $31.18' }).click();
    await expect(page.getByText('Paid $31.18 with VISA ending 4242').isVisible()).resolves.toBe(true);
    await screenshot(page, 'checkout-paid');
    await subject.settled();
    const listed = await buyer.action('svc_portfolio_list');
    expect(listed.body.domains.map((domain: { name: string }) => domain.name)).toEqual([name]);
    expect((await page.goto(link.body.checkoutUrl))?.status()).toBe(410);
    await page.close();
  });

  it('loaded nothing from outside the service', () => expect(outside).toEqual([]));
});
