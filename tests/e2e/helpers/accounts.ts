import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser';
import type { RunningPlatform } from './platform';

export const E2E_PASSWORD = 'Senha-Forte-2026';

/** A fresh e-mail per call: `e2e-<label>-<time>-<random>@example.com`. */
export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Signs a new user up through /auth (role `kind` when given, else the form's default, Cliente), confirms
 * with the code `npm start` printed for the e-mail and waits for /dashboard. Returns the e-mail.
 */
export async function signUpThroughUi(
  page: Page,
  platform: RunningPlatform,
  options: { fullName: string; emailLabel: string; kind?: 'Cliente' | 'Criador'; password?: string },
): Promise<string> {
  const email = uniqueEmail(options.emailLabel);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  await page.getByLabel('Nome completo').fill(options.fullName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(options.password ?? E2E_PASSWORD);
  if (options.kind) await page.getByRole('radio', { name: options.kind }).check();
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await page.getByLabel('Código de confirmação').fill(await platform.confirmationCode(email));
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await page.waitForURL('**/dashboard');
  return email;
}

/** A call to /api/... from inside the page with the signed-in user's ID token (as the app sends it). */
export async function apiAs(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const tokenKey = Object.keys(localStorage).find((key) => key.endsWith('.idToken'));
      const token = tokenKey ? localStorage.getItem(tokenKey) : null;
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

/** A new browser context signed up as a Cliente or Criador, waiting on its dashboard's greeting. */
export async function signUpInNewContext(
  browser: Browser,
  platform: RunningPlatform,
  options: { fullName: string; emailLabel: string; kind: 'Cliente' | 'Criador' },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, platform.url);
  const page = await context.newPage();
  await signUpThroughUi(page, platform, options);
  await page.getByRole('heading', { name: `Olá, ${options.fullName}!` }).waitFor();
  return { context, page };
}

/**
 * Buys `usd` US$ of 5D Coins on /coins as a user would: the Stripe sandbox Checkout opens in a new tab,
 * is paid there and redirects back; waits until the wallet of this new account shows them.
 */
export async function buyCoinsThroughCheckout(page: Page, usd: number): Promise<void> {
  await page.goto('/coins');
  await page.getByLabel('Valor em USD').fill(String(usd));
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Comprar', exact: true }).click(),
  ]);
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: /^Pagar/ }).click();
  await checkout.waitForURL((url) => url.pathname === '/coins');
  await checkout.close();
  // As long as the page itself waits for the credit (CREDIT_POLL_WINDOW_MS in web/src/api/wallet.ts: it
  // polls for 2 minutes after opening a checkout); on a loaded runner the credit took over 60 s to show.
  const credited = page.getByTestId('coins-chip').getByText(String(usd), { exact: true });
  try {
    await credited.waitFor({ timeout: 120_000 });
  } catch {
    // The page stops polling 2 minutes after the checkout opened; a credit later than that (once, on a
    // runner loaded by two benchmarks) shows after a reload, as it would for a user.
    await page.reload();
    await credited.waitFor({ timeout: 60_000 });
  }
}
