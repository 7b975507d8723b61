/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  viewports,
  type Viewport,
} from './helpers/browser';
import { startPlatform, type RunningPlatform } from './helpers/platform';

/** The studio site and its pages (issue 9 part 2): languages, accessibility and the visitor's journeys. */

let platform: RunningPlatform;
let browser: Browser;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
const ROUTES = ['/shifter-studio', '/courses', '/courses/syllabus', '/privacy', '/terms', '/thank-you'];
/** An i18n key left untranslated shows up as its dotted path. */
const RAW_KEY = /\b(studio|courses|legal|common|header|nav|errorPage)\.[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)*\b/;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The browser's locale and the visitor's first language choice (a later switch is kept across reloads). */
const contextIn = (language: string, viewport: Viewport = viewports.desktop): Promise<BrowserContext> =>
  newContext(browser, platform.url, viewport, { locale: language, language });

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } }).axe;
    return (await axe.run(document)) as {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function openStudio(page: Page, path = '/shifter-studio'): Promise<void> {
  await page.goto(path);
  await page.locator('#home-title').waitFor();
}

describe('studio site pages', () => {
  it.each(LANGUAGES)(
    'every page renders in %s with no missing text, console error or serious axe violation',
    async (language) => {
      const context = await contextIn(language);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const route of ROUTES) {
        await page.goto(route);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.lang), route).toBe(language);
        const text = await page.locator('body').innerText();
        expect(text, `${route} shows a raw key`).not.toMatch(RAW_KEY);
        expect(text).not.toContain('{{');
        expect(await seriousViolations(page), `${route} in ${language}`).toEqual([]);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it('studio page carries metadata with Organization and LocalBusiness JSON-LD', async () => {
    const context = await contextIn('pt-BR');
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(platform.url) && !/^(data|blob):/.test(url)) foreign.push(url);
    });
    await openStudio(page);
    await page.waitForLoadState('networkidle');
    // Media players, images and fonts: nothing is fetched from a third party on load.
    expect(foreign).toEqual([]);
    await expect.poll(() => page.title()).toContain('Shifter Studio');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/Shifter Studio/);
    const types = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.flatMap((script) =>
          (JSON.parse(script.textContent ?? '[]') as { '@type': string }[]).map((d) => d['@type']),
        ),
      );
    expect(types).toEqual(expect.arrayContaining(['Organization', 'LocalBusiness']));
    await screenshot(page, 'studio-desktop');
    await context.close();

    const mobile = await contextIn('pt-BR', viewports.mobile);
    const phone = await mobile.newPage();
    await openStudio(phone);
    await phone.getByRole('button', { name: 'Abrir menu' }).click();
    await expect.poll(() => phone.locator('#studio-menu').isVisible()).toBe(true);
    expect(await seriousViolations(phone), 'mobile menu open').toEqual([]);
    await screenshot(phone, 'studio-mobile');
    await phone.locator('#studio-menu').getByRole('link', { name: 'Planos' }).click();
    await expect.poll(() => phone.locator('#studio-menu').count()).toBe(0);
    await mobile.close();
  }, 60_000);

  it('highlights the section scrolled into view in the navigation', async () => {
    const context = await contextIn('en-US');
    const page = await context.newPage();
    await openStudio(page);
    const nav = page.getByRole('navigation', { name: 'Studio sections' });
    await expect.poll(() => nav.locator('[aria-current="location"]').innerText()).toBe('Home');
    await page.locator('#faq').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('faq')?.scrollIntoView({ block: 'start' }));
    // IntersectionObserver reports on a later frame, which a loaded machine can delay past 1 s.
    const slow = { timeout: 10_000 };
    await expect.poll(() => nav.locator('[aria-current="location"]').innerText(), slow).toBe('FAQ');
    // The floating Book/Join bar appears once the hero is gone.
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Quick actions' }).isVisible(), slow)
      .toBe(true);
    await context.close();
  }, 60_000);

  it('shows the real monthly and quarterly prices and carries the chosen plan to the booking form', async () => {
    const context = await contextIn('en-US');
    const page = await context.newPage();
    await openStudio(page);
    const prices = page.locator('[data-testid="plan-price"]');
    expect(await prices.allInnerTexts()).toEqual(['$59', '$189', '$349', '$799']);
    await page.getByRole('button', { name: 'Quarterly' }).click();
    expect(await prices.allInnerTexts()).toEqual(['$159', '$499', '$949', '$2,199']);

    await page.getByRole('link', { name: 'Choose Plan: Pro' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('plan')).toBe('pro');
    await expect.poll(() => page.getByLabel('Plan', { exact: true }).inputValue()).toBe('pro');
    await context.close();
  }, 60_000);

  it('sends a booking request and lands on the thank-you page', async () => {
    const context = await contextIn('pt-BR');
    const page = await context.newPage();
    await openStudio(page, '/shifter-studio?plan=creator#booking');
    const form = page.locator('#booking form');
    expect(await form.getByLabel('Plano', { exact: true }).inputValue()).toBe('creator');
    // Browser validation stops an empty form before anything is sent.
    await form.getByRole('button', { name: 'Enviar solicitação' }).click();
    expect(
      await form
        .getByLabel('Nome', { exact: true })
        .evaluate((input: HTMLInputElement) => input.validity.valid),
    ).toBe(false);
    expect(page.url()).toContain('/shifter-studio');

    await form.getByLabel('Nome', { exact: true }).fill('Ana E2E');
    await form.getByLabel('E-mail').fill('ana-e2e@example.com');
    await form.getByLabel('Telefone').fill('+55 11 98888-7777');
    await form.getByLabel('Serviço').selectOption('mixing');
    await form.getByLabel('Data preferida').fill('2030-01-15');
    await form.getByLabel('Horário').fill('15:00');
    await form.getByLabel('Duração (horas)').fill('3');
    await form.getByRole('button', { name: 'Enviar solicitação' }).click();
    await page.getByText('Solicitação enviada').waitFor();
    await page.waitForURL('**/thank-you');
    await page.getByRole('heading', { name: 'Obrigado!' }).waitFor();
    await page.getByRole('link', { name: 'Voltar ao estúdio' }).click();
    await page.waitForURL('**/shifter-studio');
    await context.close();
  }, 60_000);

  it('opens one FAQ answer at a time, service dialogs close with Escape, lightbox with Close', async () => {
    const context = await contextIn('pt-BR');
    const page = await context.newPage();
    await openStudio(page);
    const faq = page.locator('#faq');
    const first = faq.getByRole('button', { name: 'Preciso levar meu próprio equipamento?' });
    const second = faq.getByRole('button', { name: 'Posso agendar uma sessão sem plano?' });
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await faq.locator('[role="region"]:not([hidden])').count()).toBe(1);

    await page.getByRole('button', { name: /^Saiba mais\W+Recording$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Recording' });
    await dialog.waitFor();
    expect(await dialog.getByText('Neve 1073').count()).toBe(1);
    expect(await seriousViolations(page), 'service dialog open').toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: 'Ampliar: Sala de controle' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Sala de controle' });
    await lightbox.waitFor();
    await lightbox.getByRole('button', { name: 'Fechar' }).last().click();
    await expect.poll(() => lightbox.count()).toBe(0);
    await context.close();
  }, 60_000);

  it('switches the studio page language from its toggle and keeps it after a reload', async () => {
    const context = await contextIn('pt-BR');
    const page = await context.newPage();
    await openStudio(page);
    await page.getByRole('button', { name: /^PT\b/ }).click();
    await page.getByRole('heading', { name: 'The studio', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.reload();
    await page.getByRole('heading', { name: 'The studio', exact: true }).waitFor();
    await page.getByRole('button', { name: /^EN\b/ }).click();
    await page.getByRole('heading', { name: 'El estudio', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es-ES');
    await context.close();
  }, 60_000);

  it('remembers the cookie notice acknowledgement after a reload', async () => {
    const context = await contextIn('pt-BR');
    const page = await context.newPage();
    await openStudio(page);
    const notice = page.getByRole('region', { name: 'Aviso de cookies' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await page.locator('#home-title').waitFor();
    expect(await notice.count()).toBe(0);
    await context.close();
  }, 60_000);
});
