/**
 * Real headless Chromium (Debian's package) driven by playwright-core, for the status page's browser tests
 * (test/integration/status-page.test.ts, test/integration/status-demand-pages.test.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.PB_CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set PB_CHROMIUM_PATH`,
    );
  }
  return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Runs `run` in a fresh context of `browser` (its own cookies), closed afterwards. A missing element fails the
 * test in seconds with the locator named, not at the 30 s test timeout.
 */
export async function withContext<T>(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
  run: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(10_000);
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

/**
 * Where screenshots go: `PB_SCREENSHOT_DIR` (made if missing), else nowhere (undefined): a full-page PNG costs
 * more CPU than loading the page, and nobody looks at them in an unattended run.
 */
export function screenshotDir(): string | undefined {
  const dir = process.env.PB_SCREENSHOT_DIR;
  if (dir === undefined || dir === '') return undefined;
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The page's width against the viewport's: wider means the phone scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

/** Collects what would show a broken page: uncaught errors, console errors (CSP refusals among them), failed loads. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`requestfailed: ${request.url()}`));
  return problems;
}
