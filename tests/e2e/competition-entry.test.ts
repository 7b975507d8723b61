/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, E2E_PASSWORD, uniqueEmail } from './helpers/accounts';
import { collectPageErrors, launchChromium, newContext, screenshot, viewports } from './helpers/browser';
import { chooseLanguage } from './helpers/language';
import { startPlatform, type RunningPlatform } from './helpers/platform';
import { publishThroughHub } from './helpers/publish';

/**
 * Entering a competition in Chromium at 390×844 (issue 18): 'Participar Agora' → the contract →
 * 'Concordo e continuar' sends a visitor to sign in and back; a new creator sees the empty state, publishes
 * a track, chooses it, meets a refusal in words of its code, enters, and /competitions counts them and
 * says 'Inscrito' with the track, also after a reload. Screenshots of each screen in the three languages.
 */
let platform: RunningPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const COMPETITION = 'Desafio Trap Remix';

/** The track shows in the creator's list once the catalogue index (fed by the table's stream) has it. */
async function waitForTrack(page: Page, title: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const answer = await apiAs(page, 'GET', '/api/me/competition-tracks');
    const items = (answer.body.items ?? []) as { title: string }[];
    if (items.some((item) => item.title === title)) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`${title} never reached the creator's tracks`);
}

describe('entering a competition', () => {
  it('contract → sign in and back → choose a published track → entered, counted and marked', async () => {
    const context = await newContext(browser, platform.url, viewports.mobile, { language: 'pt-BR' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The seeded card's title in each language.
    const card = () =>
      page
        .getByRole('article')
        .filter({ hasText: /Desafio Trap Remix|Trap Remix Challenge|Desafío Trap Remix/ });

    // Signed out: the card leads to its contract; agreeing asks to sign in first.
    await page.goto('/competitions');
    await card().getByText('412 participantes').waitFor();
    await card().getByRole('link', { name: 'Participar Agora' }).click();
    await page.waitForURL(/\/competitions\/contract\?competition=/);
    await page.getByRole('link', { name: 'Concordo e continuar' }).click();
    await page.waitForURL(/\/auth\?next=/);
    await page.getByText('Entre na sua conta para inscrever sua faixa.').waitFor();
    const enterPath = new URL(page.url()).searchParams.get('next')!;
    expect(enterPath).toMatch(/^\/competitions\/enter\?competition=/);

    // A new creator signs up right there and comes back to the entry.
    const email = uniqueEmail('competition');
    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    await page.getByLabel('Nome completo').fill('Rita Concorre E2E');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(E2E_PASSWORD);
    await page.getByRole('radio', { name: 'Criador' }).check();
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await page.getByLabel('Código de confirmação').fill(await platform.confirmationCode(email));
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await page.waitForURL((url) => url.pathname + url.search === enterPath);

    // No published track yet: the empty state links to publishing one.
    await page.getByText('Você ainda não tem faixas publicadas.').waitFor();
    const publish = page.getByRole('link', { name: 'Publicar uma faixa' });
    await publish.waitFor();
    await screenshot(page, 'competition-enter-empty-pt-BR-mobile');
    await publish.click();
    await page.waitForURL('**/dashboard');
    const title = `Faixa da Rita ${Date.now().toString(36)}`;
    await page.setViewportSize(viewports.desktop);
    await publishThroughHub(page, title);
    await page.setViewportSize(viewports.mobile);
    await waitForTrack(page, title);

    // Signed in: card → contract → the choice of track.
    await page.goto('/competitions');
    await card().getByRole('link', { name: 'Participar Agora' }).click();
    await page.getByRole('link', { name: 'Concordo e continuar' }).click();
    await page.waitForURL((url) => url.pathname + url.search === enterPath);
    await page
      .getByText(`Escolha uma das suas faixas publicadas para concorrer em “${COMPETITION}”.`)
      .waitFor();
    const submit = page.getByRole('button', { name: 'Inscrever faixa' });
    await submit.click();
    await page.getByText('Escolha uma faixa para continuar.').waitFor();
    await screenshot(page, 'competition-enter-choose-pt-BR-mobile');

    for (const [language, heading, button] of [
      ['en-US', 'Enter your track', 'Enter track'],
      ['es-ES', 'Inscribir tu pista', 'Inscribir pista'],
    ] as const) {
      await chooseLanguage(page, language);
      await page.goto(enterPath);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByRole('radio', { name: new RegExp(title) }).check();
      await page.getByRole('button', { name: button }).waitFor();
      await screenshot(page, `competition-enter-choose-${language}-mobile`);
    }
    await chooseLanguage(page, 'pt-BR');
    await page.goto(enterPath);

    // A refusal reads as its code's own message (here the answer a full competition gets).
    const entries = '**/api/me/competition-entries';
    await page.route(entries, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'COMPETITION_FULL', message: 'cheia' } }),
          })
        : route.fallback(),
    );
    await page.getByRole('radio', { name: new RegExp(title) }).check();
    await submit.click();
    await page.getByRole('alert').getByText('Todas as vagas desta competição foram preenchidas.').waitFor();
    await screenshot(page, 'competition-enter-error-pt-BR-mobile');
    await page.unroute(entries);

    // Entered: the message in the user's language, then the card counts them and says with which track.
    await submit.click();
    await page.getByText(`Inscrição confirmada! “${title}” está concorrendo em “${COMPETITION}”.`).waitFor();
    await page.waitForURL(/\/competitions$/);
    await card().getByText('413 participantes').waitFor();
    await card().getByTestId('competition-entered').getByText(title, { exact: false }).waitFor();
    expect(await card().getByRole('link', { name: 'Participar Agora' }).count()).toBe(0);
    await screenshot(page, 'competitions-entered-pt-BR-mobile');

    // After a reload (the public list may come from a cache) the entrant still sees themselves counted.
    await page.reload();
    await card().getByText('413 participantes').waitFor();
    await card().getByTestId('competition-entered').waitFor();

    // Sending the entry again (a retry) answers the recorded one; nothing is counted twice.
    const competitionId = new URLSearchParams(enterPath.split('?')[1]).get('competition')!;
    const projects = (await apiAs(page, 'GET', '/api/me/competition-tracks')).body.items as {
      id: string;
      title: string;
    }[];
    const again = await apiAs(page, 'POST', '/api/me/competition-entries', {
      competition_id: competitionId,
      project_id: projects.find((item) => item.title === title)!.id,
    });
    expect([again.status, (again.body.competition as { participants: number }).participants]).toEqual([
      200, 413,
    ]);

    for (const [language, entered] of [
      ['en-US', 'Entered'],
      ['es-ES', 'Inscrito'],
    ] as const) {
      await chooseLanguage(page, language);
      await page.goto('/competitions');
      await card().getByTestId('competition-entered').getByText(entered).waitFor();
      await screenshot(page, `competitions-entered-${language}-mobile`);
    }
    // The mocked 409 is the only failed request the page met.
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    await context.close();
  });
});
