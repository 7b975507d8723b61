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

export type Viewport = { width: number; height: number };

/**
 * A fresh context (no stored session) with the browser locale pt-BR, the product's default language,
 * unless `options.locale` says otherwise. `options.language` stores that language choice before any page
 * loads (the first thing detection reads), unless a page of the context already stored one.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = viewports.desktop,
  options: { locale?: string; language?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: options.locale ?? 'pt-BR' });
  if (options.language)
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('preferred-language')) localStorage.setItem('preferred-language', lang);
    }, options.language);
  return context;
}

const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Saves tests/e2e/screenshots/<name>.png (git-ignored) for a human look at the layout. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Saves `<name>.png` at the mobile width, then gives the page back its desktop width. */
export async function mobileScreenshot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(viewports.mobile);
  await screenshot(page, name);
  await page.setViewportSize(viewports.desktop);
}

/** Collects uncaught page errors and console errors, so a journey can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource: … 401" alone does not say which request: add its URL.
    const { url } = message.location();
    errors.push(
      message.text().startsWith('Failed to load resource') && url
        ? `${message.text()} ${url}`
        : message.text(),
    );
  });
  return errors;
}
