import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signed in, the profile's saved language wins over the browser's: choose it on /settings and wait for the save. */
export async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.goto('/settings');
  const select = page.locator('select[id$="-language"]');
  await select.waitFor();
  await page.waitForLoadState('networkidle');
  if ((await select.inputValue()) === language) return;
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/settings') && response.request().method() === 'PUT',
  );
  await select.selectOption(language);
  expect((await saved).ok()).toBe(true);
}
