import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { ensureDebianCommand } from './debian-tools';
import { freePort } from './free-port';
import { createTestApp, TestApp, TestAppOptions } from './test-app';

/** Where the pages' screenshots are kept: a test artefact, not a file of the repository. */
const SCREENSHOTS = join(__dirname, '../../test-artifacts/screenshots');

export interface PagesUnderTest {
  readonly subject: TestApp;
  readonly browser: Browser;
  /** The service's own address, its PUBLIC_URL: a request anywhere else left the service. */
  readonly base: string;
}

/** The service listening on a free port at its PUBLIC_URL, and headless Chromium (Debian's) to drive its pages. */
export const startPagesUnderTest = async (options: TestAppOptions = {}): Promise<PagesUnderTest> => {
  ensureDebianCommand('chromium', 'chromium');
  mkdirSync(SCREENSHOTS, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const subject = await createTestApp({ ...options, env: { ...options.env, PUBLIC_URL: base } });
  await subject.app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  return { subject, browser, base };
};

/** A whole page's screenshot, kept as `<name>.png` among the test artefacts. */
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
