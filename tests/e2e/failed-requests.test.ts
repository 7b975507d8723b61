import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import { formatApiError } from '../../shared/i18n/api-errors/format';
import { buyCoinsThroughCheckout, signUpThroughUi } from './helpers/accounts';
import { collectPageErrors, launchChromium, newContext, screenshot } from './helpers/browser';
import { startPlatform, type RunningPlatform } from './helpers/platform';

/**
 * Every failed request of the main flows ends in a message the user can read (issue 18): the request a
 * flow's action makes is forced to answer 409 (our error shape, with the code a real conflict of that
 * flow carries), 429 and 500 (API Gateway's own bodies, as a throttled stage or a crashed Lambda answer),
 * and the page must show the text of that answer in pt-BR, not stay silent or show the server's words.
 */

let platform: RunningPlatform;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

interface Failure {
  status: number;
  body: unknown;
  /** The pt-BR text the user must see. */
  text: string;
}

const apiText = (code: string, params: Record<string, string | number> = {}) =>
  formatApiError(apiErrorsPtBR, code, params) ?? code;

/** 409 carries the flow's own conflict code; 429 and 500 are answered by API Gateway without our shape. */
function failures(conflict: { code: string; params?: Record<string, string | number> }): Failure[] {
  return [
    {
      status: 409,
      body: { error: { code: conflict.code, message: 'texto do servidor', params: conflict.params } },
      text: apiText(conflict.code, conflict.params),
    },
    { status: 429, body: { message: 'Too Many Requests' }, text: apiText('RATE_LIMIT') },
    { status: 500, body: { message: 'Internal Server Error' }, text: apiText('SERVER_ERROR') },
  ];
}

interface Flow {
  name: string;
  method: string;
  /** The path of the request the action makes (the first one, for multi-step actions). */
  path: string | RegExp;
  conflict: { code: string; params?: Record<string, string | number> };
  /** Opens the page (a fresh navigation each time, so earlier messages are gone) and acts. */
  act(page: Page): Promise<void>;
}

const SILENT_WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36 + 800, 0, 0, 0]),
  Buffer.from('WAVEfmt '),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x80, 0x3e, 0, 0, 2, 0, 16, 0]),
  Buffer.from('data'),
  Buffer.from([0x20, 0x03, 0, 0]),
  Buffer.alloc(800),
]);

const FULL_NAME = 'Falha Visível Teste';

/** A fresh navigation (earlier messages are gone); the page's media need not finish loading. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded', timeout: 60_000 });
}

const FLOWS: Flow[] = [
  {
    name: 'licence checkout',
    method: 'POST',
    path: '/api/functions/create-payment',
    conflict: { code: 'EXCLUSIVE_UNAVAILABLE' },
    async act(page) {
      await open(page, '/marketplace');
      await page
        .getByRole('article')
        .getByRole('button', { name: /^Comprar/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Escolha a licença' });
      await dialog.getByRole('radio').first().check();
      await dialog.getByRole('button', { name: /^Comprar Licença/ }).click();
    },
  },
  {
    name: 'coins checkout',
    method: 'POST',
    path: '/api/functions/coins-create-checkout',
    conflict: { code: 'CHECKOUT_IN_PROGRESS' },
    async act(page) {
      await open(page, '/coins');
      await page.getByLabel('Valor em USD').fill('10');
      await page.getByRole('button', { name: 'Comprar', exact: true }).click();
    },
  },
  {
    name: 'generate',
    method: 'POST',
    path: '/api/functions/suno-create-music',
    conflict: { code: 'CONFLICT' },
    async act(page) {
      await open(page, '/generate');
      await page.getByLabel('Descrição').fill('Batida noturna com graves pesados e hi-hats rápidos');
      await page.getByRole('button', { name: 'Gerar Música' }).click();
    },
  },
  {
    name: 'audio upload (community post)',
    method: 'POST',
    path: '/api/uploads',
    conflict: { code: 'CONFLICT' },
    async act(page) {
      await open(page, '/community');
      await page.getByLabel('Nova publicação').fill('Meu beat novo #trap');
      await page
        .getByLabel('Anexar áudio')
        .setInputFiles({ name: 'beat.wav', mimeType: 'audio/wav', buffer: SILENT_WAV });
      await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    },
  },
  {
    name: 'community post',
    method: 'POST',
    path: '/api/community/posts',
    conflict: { code: 'CONFLICT' },
    async act(page) {
      await open(page, '/community');
      await page.getByLabel('Nova publicação').fill('Quem topa uma collab? #collab');
      await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    },
  },
  {
    name: 'profile save',
    method: 'PATCH',
    path: '/api/me/profile',
    conflict: { code: 'CONFLICT' },
    async act(page) {
      await open(page, '/settings');
      const name = page.getByLabel('Nome', { exact: true });
      // The field fills itself from the profile once it loads; typing before that would be overwritten.
      await expect.poll(() => name.inputValue(), { timeout: 60_000 }).toBe(FULL_NAME);
      await name.fill(`Falha Teste ${Date.now() % 1000}`);
      await page.locator('#profile').getByRole('button', { name: 'Salvar' }).click();
    },
  },
  {
    name: 'hire',
    method: 'POST',
    path: '/api/orders',
    conflict: { code: 'CONFLICT' },
    async act(page) {
      await open(page, '/dashboard');
      await page
        .getByRole('button', { name: /^Contratar / })
        .first()
        .click();
      const pay = page.getByTestId('hire-pay');
      // Enabled once the quote shows the wallet covers the price (coins bought in beforeAll).
      await expect.poll(() => pay.isEnabled(), { timeout: 30_000 }).toBe(true);
      await pay.click();
    },
  },
];

/** Answers the flow's request with the failure; every other request reaches the platform. */
async function forceFailure(
  page: Page,
  flow: Flow,
  failure: Failure,
): Promise<{ stop: () => Promise<void>; hits: () => number }> {
  let hits = 0;
  const matches = (url: URL) =>
    typeof flow.path === 'string' ? url.pathname === flow.path : flow.path.test(url.pathname);
  const handler = async (route: Route) => {
    if (route.request().method() !== flow.method) return route.fallback();
    hits += 1;
    await route.fulfill({
      status: failure.status,
      contentType: 'application/json',
      body: JSON.stringify(failure.body),
    });
  };
  await page.route(matches, handler);
  return { stop: () => page.unroute(matches, handler), hits: () => hits };
}

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchChromium()]);
  context = await newContext(browser, platform.url);
  page = await context.newPage();
  errors = collectPageErrors(page);
  await signUpThroughUi(page, platform, { fullName: FULL_NAME, emailLabel: 'failures' });
  // Coins for the paid hire, bought through the Stripe sandbox as a user would.
  await buyCoinsThroughCheckout(page, 500);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await platform?.stop();
});

describe('a failed request always says what happened', () => {
  for (const flow of FLOWS) {
    it.each(failures(flow.conflict).map((f) => [f.status, f] as const))(
      `${flow.name}: %i`,
      async (status, failure) => {
        const { stop, hits } = await forceFailure(page, flow, failure);
        const message = page.getByText(failure.text, { exact: false }).first();
        try {
          await flow.act(page);
          await message.waitFor({ state: 'visible', timeout: 20_000 });
        } catch (error) {
          await screenshot(page, `failure-${flow.name.replace(/\W+/g, '-')}-${status}`);
          throw error;
        } finally {
          await stop();
        }
        expect(hits(), `${flow.name} made its request`).toBeGreaterThan(0);
        // The server's own words never reach the user.
        expect(await page.getByText('texto do servidor').count()).toBe(0);
        expect(await page.getByText('Internal Server Error').count()).toBe(0);
      },
    );
  }

  it('sign-in refused by the identity service: 429 and 500 each say so in pt-BR', async () => {
    const signedOut = await newContext(browser, platform.url);
    const fresh = await signedOut.newPage();
    const cognito = (url: URL) => url.port !== new URL(platform.url).port || url.pathname === '/';
    const cases = [
      { status: 429, type: 'TooManyRequestsException' },
      { status: 500, type: 'InternalErrorException' },
    ];
    try {
      for (const { status, type } of cases) {
        const handler = async (route: Route) => {
          const target = route.request().headers()['x-amz-target'] ?? '';
          if (!target.endsWith('.InitiateAuth')) return route.fallback();
          await route.fulfill({
            status,
            contentType: 'application/x-amz-json-1.1',
            headers: { 'x-amzn-errortype': type },
            body: JSON.stringify({ __type: type, message: 'raw identity service text' }),
          });
        };
        await fresh.route(cognito, handler);
        await fresh.goto('/auth', { waitUntil: 'domcontentloaded', timeout: 60_000 });
        await fresh.getByLabel('E-mail').fill('alguem@example.com');
        await fresh.getByLabel('Senha').fill('Senha-Forte-2026');
        await fresh.getByRole('button', { name: 'Entrar', exact: true }).click();
        await fresh.getByText('Erro no login').first().waitFor();
        expect(await fresh.getByText('raw identity service text').count(), `${status}`).toBe(0);
        await fresh.unroute(cognito, handler);
      }
    } finally {
      await signedOut.close();
    }
  });

  it('left no uncaught page errors', () => {
    // Failed requests are logged by the app as handled errors; nothing may escape as an uncaught one.
    expect(
      errors.filter((line) => !/status of (409|429|500)|coins-create-checkout failed/.test(line)),
    ).toEqual([]);
  });
});
