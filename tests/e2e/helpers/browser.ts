import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium (tests/e2e/ensure-chromium.ts installs it); CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** A fresh context (no stored session or language) in pt-BR, the product's default language. */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport: (typeof viewports)[keyof typeof viewports] = viewports.desktop,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, locale: 'pt-BR' });
}

const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Saves tests/e2e/screenshots/<name>.png (git-ignored) for a human look at the layout. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Collects uncaught page errors and console errors, so a journey can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
