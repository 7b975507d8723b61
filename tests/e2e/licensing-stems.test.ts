import type { Browser, Page } from 'playwright-core';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../shared/audio/wav';
import { defaultTiers } from '../../shared/licensing/tiers';
import { collectPageErrors, launchChromium, screenshot } from './helpers/browser';
import { apiAs as apiCall, signUpInNewContext } from './helpers/accounts';
import { startPlatform, type RunningPlatform } from './helpers/platform';
import { openProductsTab } from './helpers/publish';

/**
 * A Trackout lease with AI stems in Chromium against `npm start`: "Baixar arquivos" lists the MP3/WAV at
 * once and shows "Preparando stems (IA)…" while the licence-stems-zip job runs in the background (the
 * local twin's async Lambda invoke), then the ZIP link appears without another click.
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

const signUp = (kind: 'Cliente' | 'Criador', fullName: string) =>
  signUpInNewContext(browser, platform, { kind, fullName, emailLabel: `stems-${kind.toLowerCase()}` });

function beatWav(seconds: number): Buffer {
  const sr = 22050;
  const left = new Float32Array(sr * seconds).map(
    (_, i) => 0.3 * Math.sin((2 * Math.PI * 110 * i) / sr) + (i % 5512 < 300 ? 0.5 : 0),
  );
  return Buffer.from(encodeWav({ sampleRate: sr, channels: [left, left] }));
}

/** A creator publishes a beat from `audio` (a .wav) and turns AI stems on: the Trackout tier is offered. */
async function publishWithAiStems(title: string, audio: Buffer, unreadable = false): Promise<void> {
  const creator = await signUp('Criador', 'Rui Stems E2E');
  const hub = creator.page;
  await openProductsTab(hub);
  await hub.getByLabel('Título').fill(title);
  await hub.getByLabel('Descrição').fill('Beat com stems por IA.');
  await hub.getByLabel('Preço (R$)').fill('30');
  await hub.getByLabel('Gênero').selectOption('Trap');
  await hub
    .getByLabel('Arquivo de áudio *')
    .setInputFiles({ name: 'beat.wav', mimeType: 'audio/wav', buffer: audio });
  if (unreadable) {
    // Detection cannot read it either: the creator types the duration.
    await hub.getByText(/Preencha manualmente/).waitFor({ timeout: 30_000 });
    await hub.getByLabel('Duração (m:ss)').fill('0:08');
  }
  await hub.getByRole('button', { name: 'Publicar produto' }).click();
  await hub.getByText('Seu produto foi publicado com sucesso no marketplace.').waitFor({ timeout: 30_000 });
  // The public catalogue is searched on the server from an index the table's stream keeps: the new
  // beat is found by its title once the indexer has caught up.
  let project: { id: string; title: string } | undefined;
  await expect
    .poll(
      async () => {
        const found = await apiCall(hub, 'GET', `/api/projects?q=${encodeURIComponent(title)}`);
        project = (found.body.items as { id: string; title: string }[]).find((p) => p.title === title);
        return project !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const settings = await apiCall(hub, 'PUT', `/api/creator/projects/${project!.id}/licences`, {
    tiers: defaultTiers(30),
    ai_stems: true,
  });
  expect(settings.status).toBe(200);
  await creator.context.close();
}

/** A client buys the Trackout lease through the sandbox checkout and opens My Collection → Compras. */
async function buyTrackout(title: string): Promise<{ page: Page; row: ReturnType<Page['getByRole']> }> {
  const buyer = await signUp('Cliente', 'Ana Stems E2E');
  const page = buyer.page;
  await page.goto('/marketplace');
  await page.getByRole('searchbox', { name: 'Buscar beats' }).fill(title);
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: /^Comprar/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Escolha a licença' });
  await dialog.getByRole('radio', { name: /Licença Trackout/ }).check();
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: /^Comprar Licença Trackout/ }).click(),
  ]);
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: /^Pagar/ }).click();
  await checkout.waitForURL((url) => url.pathname === '/my-collection');
  await checkout.close();
  await page.goto('/my-collection');
  await page.getByRole('tab', { name: 'Compras' }).click();
  return { page, row: page.getByRole('listitem').filter({ hasText: 'Licença Trackout' }) };
}

describe('Trackout with AI stems', () => {
  it('shows "Preparando stems (IA)…" and then the stems ZIP link', async () => {
    const title = `Stems E2E ${Date.now().toString(36)}`;
    await publishWithAiStems(title, beatWav(8));
    const { page, row } = await buyTrackout(title);
    const errors = collectPageErrors(page);
    await row.getByRole('button', { name: 'Baixar arquivos' }).click();
    // The MP3/WAV at once; the stems are being prepared in the background.
    await row.getByRole('status').getByText('Preparando stems (IA)…').waitFor();
    await row.getByRole('link', { name: 'WAV' }).waitFor();
    await screenshot(page, 'desktop-collection-stems-preparing');
    const stemsLink = row.getByRole('link', { name: 'Stems (ZIP, separados por IA)' });
    await stemsLink.waitFor({ timeout: 120_000 });
    expect(await row.getByText('Preparando stems (IA)…').count()).toBe(0);
    const zip = await page.request.get((await stemsLink.getAttribute('href'))!);
    const names = Object.keys(unzipSync(new Uint8Array(await zip.body())));
    expect(names.filter((n) => n.endsWith('(AI-separated).wav'))).toHaveLength(4);
    await screenshot(page, 'desktop-collection-stems-ready');
    expect(errors).toEqual([]);
  }, 300_000);

  it('a failed preparation shows its error and "Tentar novamente" starts it again', async () => {
    // A RIFF/WAVE file without a fmt chunk: uploads accept it (its magic is WAV) but the splitter cannot
    // read it, so every preparation fails.
    const title = `Stems Falha E2E ${Date.now().toString(36)}`;
    const head = Buffer.alloc(20);
    head.write('RIFF', 0);
    head.writeUInt32LE(4012, 4);
    head.write('WAVE', 8);
    head.write('JUNK', 12);
    head.writeUInt32LE(4000, 16);
    await publishWithAiStems(title, Buffer.concat([head, Buffer.alloc(4000)]), true);
    const { page, row } = await buyTrackout(title);
    await row.getByRole('button', { name: 'Baixar arquivos' }).click();
    // The WAV is delivered as uploaded; the MP3 encoding of this unreadable file fails too (its own alert).
    await row.getByRole('link', { name: 'WAV' }).waitFor();
    const alert = row.getByRole('alert').filter({ hasText: 'Não foi possível preparar os stems.' });
    await alert.getByText('Não foi possível preparar os stems.').waitFor({ timeout: 60_000 });
    await screenshot(page, 'desktop-collection-stems-failed');
    // Polling stopped on the failure; the retry asks for a new job, which is shown preparing, then fails.
    const retried = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/stems'),
    );
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    expect((await retried).status()).toBe(202);
    await row.getByRole('status').getByText('Preparando stems (IA)…').waitFor();
    await alert.getByText('Não foi possível preparar os stems.').waitFor({ timeout: 60_000 });
    expect(await row.getByRole('link', { name: /Stems/ }).count()).toBe(0);
  }, 300_000);
});
