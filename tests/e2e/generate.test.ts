import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffAudioFormat } from '../../shared/audio/formats';
import { wavHeader } from '../../shared/audio/wav';
import {
  collectPageErrors,
  launchChromium,
  mobileScreenshot,
  newContext,
  screenshot,
  viewports,
} from './helpers/browser';
import { signUpThroughUi } from './helpers/accounts';
import { startPlatform, type RunningPlatform } from './helpers/platform';

let platform: RunningPlatform;
let browser: Browser;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), '5d-e2e-generate-'));
  [platform, browser] = await Promise.all([startPlatform(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Signs a new client up through the UI with the code `npm start` prints; ends on /dashboard. */
async function signUp(page: Page, fullName: string): Promise<void> {
  await signUpThroughUi(page, platform, { fullName, emailLabel: 'gen' });
  await page.getByTestId('header-user').getByText(fullName).waitFor();
}

/**
 * A 16-bit stereo 44.1 kHz WAV of about `megabytes` MB with something to separate: a kick every half
 * second, a bass line, a chord pad and a vibrato "voice" in the middle of the stereo field.
 */
function makeWav(file: string, megabytes: number): void {
  const rate = 44_100;
  const frames = Math.floor((megabytes * 1024 * 1024 - 44) / 4);
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const t = i / rate;
    const beat = t % 0.5;
    const kick =
      beat < 0.12
        ? Math.sin(2 * Math.PI * (50 + 90 * Math.exp(-beat * 40)) * beat) * Math.exp(-beat * 25)
        : 0;
    const bass = 0.25 * Math.sin(2 * Math.PI * (Math.floor(t) % 2 === 0 ? 55 : 65.4) * t);
    const pad =
      0.08 *
      (Math.sin(2 * Math.PI * 220 * t) +
        Math.sin(2 * Math.PI * 277.2 * t) +
        Math.sin(2 * Math.PI * 329.6 * t));
    const voice =
      0.2 * Math.sin(2 * Math.PI * (440 + 8 * Math.sin(2 * Math.PI * 5 * t)) * t) * (Math.floor(t * 2) % 2);
    const left = 0.6 * kick + bass + pad * 1.2 + voice;
    const right = 0.6 * kick + bass + pad * 0.8 + voice;
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, left * 0.8)) * 32767), i * 4);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, right * 0.8)) * 32767), i * 4 + 2);
  }
  writeFileSync(file, Buffer.concat([wavHeader(frames, 2, rate), data]));
}

describe('music generator and history', () => {
  it('generates a 30 s Trap track, plays it, saves it, finds it in /history after a reload and exports JSON', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/generate');

    const generateButton = page.getByRole('button', { name: 'Gerar Música' });
    await generateButton.waitFor();
    // Defaults per spec; blank description keeps the button disabled.
    expect(await page.getByLabel('Estilo').inputValue()).toBe('Techno');
    expect(await page.getByLabel('Duração').inputValue()).toBe('60');
    expect(await generateButton.isDisabled()).toBe(true);
    await page.getByLabel('Descrição').fill('   ');
    expect(await generateButton.isDisabled()).toBe(true);

    await page.getByLabel('Descrição').fill('Batida noturna escura com graves pesados e hi-hats rápidos');
    await page.getByLabel('Estilo').selectOption('Trap');
    await page.getByLabel('Duração').selectOption('30');
    await screenshot(page, 'desktop-generate-form');
    await generateButton.click();

    const composing = page.getByRole('button', { name: 'Compondo sua faixa…' });
    await composing.waitFor();
    expect(await composing.isDisabled()).toBe(true);
    await page.getByRole('progressbar', { name: 'Progresso da composição' }).waitFor();
    await screenshot(page, 'desktop-generate-composing');

    const audio = page.getByTestId('generated-audio');
    await audio.waitFor({ timeout: 90_000 });
    // Strings, not functions: the test project is compiled without the DOM library.
    const audioQuery = `document.querySelector('[data-testid="generated-audio"]')`;
    await page.waitForFunction(`${audioQuery}?.readyState >= 1 && ${audioQuery}.duration > 0`, undefined, {
      timeout: 30_000,
    });
    const duration = (await page.evaluate(`${audioQuery}.duration`)) as number;
    expect(duration).toBeGreaterThan(29);
    expect(duration).toBeLessThan(31);
    await page.locator('[data-testid="waveform"][data-ready="true"]').waitFor({ timeout: 30_000 });
    const title = (await page.getByRole('heading', { level: 2 }).first().textContent())?.trim() ?? '';
    expect(title.length).toBeGreaterThan(0);
    await screenshot(page, 'desktop-generate-result');
    await mobileScreenshot(page, 'mobile-generate-result');

    await page.getByRole('button', { name: 'Salvar no Histórico' }).click();
    await page.getByText('Faixa salva no histórico').waitFor();

    await page.goto('/history');
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByText('salva', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Página 1 de 1').count()).toBe(1);
    await page.getByLabel('Buscar por título').fill(title.slice(0, 4).toUpperCase());
    await row.waitFor();
    await page.getByLabel('Buscar por título').fill('zzz-nada-com-isso');
    await page.getByText('Nenhuma faixa encontrada').filter({ visible: true }).waitFor();
    await page.getByLabel('Buscar por título').fill('');
    await screenshot(page, 'desktop-history');
    await mobileScreenshot(page, 'mobile-history');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      title: string;
      status: string;
    }[];
    expect(exported).toEqual([expect.objectContaining({ title, status: 'saved' })]);

    // 'Limpar histórico' asks first; dismissing keeps the track.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Tem certeza que deseja limpar todo o histórico?');
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Limpar histórico' }).click();
    await row.waitFor();

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('a prompt naming an artist shows the INPUT_POLICY warning banner', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await page.goto('/generate');
    await page.getByLabel('Descrição').fill('Uma faixa igual às músicas do Daft Punk');
    await page.getByRole('button', { name: 'Gerar Música' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Atenção' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Remova nomes de artistas/bandas do seu prompt.');
    await screenshot(page, 'desktop-generate-policy');
    await context.close();
  });
});

describe('stem splitter', () => {
  it('signed out, the splitter explains and sends the visitor to /auth', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await page.goto('/ai-studio/stem-splitter');
    await page.waitForURL('**/auth');
    await page.getByText('Entre para usar o separador de stems.').waitFor();
    await context.close();
  });

  it('a signed-in user uploads a 10 MB WAV with a progress bar, resumes it after a reload, and gets four stems that download', async () => {
    const wav = path.join(workDir, 'minha-faixa.wav');
    makeWav(wav, 10); // two parts: 8 MiB + 2 MiB
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signUp(page, 'Stem Tester');

    // First visit: part 1 reaches storage (slowed so the bar is observable), part 2 hangs like a dropped
    // connection, and the tab is reloaded mid-upload.
    await page.route(/partNumber=/, async (route) => {
      if (/partNumber=2(?!\d)/.test(route.request().url())) return; // never answered
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/ai-studio/stem-splitter');
    await page.getByText('WAV, MP3, FLAC ou OGG — até 1GB').waitFor();

    // A file that is not audio is refused with the spec's message.
    const notAudio = path.join(workDir, 'notas.txt');
    writeFileSync(notAudio, 'isto não é áudio');
    const picker = page.getByLabel(/Escolha um arquivo de áudio/);
    await picker.setInputFiles(notAudio);
    await page.getByText('Por favor, selecione um arquivo de áudio válido').waitFor();
    // An M4A is audio, but not a format the splitter decodes: refused before any upload starts.
    await picker.setInputFiles({
      name: 'demo.m4a',
      mimeType: 'audio/mp4',
      buffer: Buffer.from('\u0000\u0000\u0000\u0020ftypM4A \u0000\u0000\u0000\u0000'),
    });
    await page.getByText(/O separador aceita WAV, MP3, FLAC e OGG/).waitFor();
    expect(await page.getByRole('button', { name: 'Separar stems' }).count()).toBe(0);

    await picker.setInputFiles(wav);
    const partConfirmed = page.waitForResponse(
      (response) =>
        /\/api\/uploads\/[^/]+\/parts$/.test(response.url()) &&
        (response.request().postData() ?? '').includes('"confirm"') &&
        response.ok(),
    );
    await page.getByRole('button', { name: 'Separar stems' }).click();
    await page.getByRole('progressbar', { name: 'Progresso do envio' }).waitFor();
    await page.getByText(/MB de 10,0 MB/).waitFor();
    await page.getByTestId('upload-percent').getByText('80%').waitFor();
    await screenshot(page, 'desktop-splitter-uploading');
    await partConfirmed;

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.route(/partNumber=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.reload();
    await page.getByText('Envio interrompido de "minha-faixa.wav"').waitFor();
    await screenshot(page, 'desktop-splitter-interrupted');
    await picker.setInputFiles(wav);
    await page.getByRole('button', { name: 'Separar stems' }).click();
    // Only the missing part is sent: the bar starts from the confirmed 80%.
    await page.getByText('Retomando o envio…').waitFor();
    await page
      .getByTestId('upload-percent')
      .getByText(/^(8\d|9\d|100)%$/)
      .waitFor();

    // While the server splits: upload done, then decoding, separation and encoding with their shares.
    const progress = page.getByTestId('split-progress');
    await progress.waitFor({ timeout: 60_000 });
    await progress.getByText('Envio').waitFor();
    await page
      .getByTestId('stage-separate')
      .getByText(/^[1-9]\d?%$/)
      .waitFor({ timeout: 120_000 });
    expect(
      await page
        .getByTestId('stage-decode')
        .getByText(/^\d+%$/)
        .textContent(),
    ).toMatch(/^[1-9]\d*%$/);
    await screenshot(page, 'desktop-splitter-splitting');

    const stems = ['vocals', 'drums', 'bass', 'other'] as const;
    // On failure, keep a picture and the visible toasts: the platform runs Vite with HMR, so edits to the
    // checkout during the run can reload the page.
    await page
      .getByTestId('stem-other')
      .waitFor({ timeout: 180_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'failure-splitter');
        console.error(
          'splitter toasts:',
          await page.locator('[data-sonner-toast]').allTextContents(),
          errors,
        );
        throw error;
      });
    await screenshot(page, 'desktop-splitter-stems');
    await mobileScreenshot(page, 'mobile-splitter-stems');

    const labels = { vocals: 'Vocais', drums: 'Bateria', bass: 'Baixo', other: 'Outros' };
    for (const stem of stems) {
      const item = page.getByTestId(`stem-${stem}`);
      expect(await item.locator('audio').getAttribute('src')).toBeTruthy();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        item.getByRole('link', { name: `Baixar ${labels[stem]} em WAV` }).click(),
      ]);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.length).toBeGreaterThan(1000);
      const [mp3] = await Promise.all([
        page.waitForEvent('download'),
        item.getByRole('link', { name: `Baixar ${labels[stem]} em MP3` }).click(),
      ]);
      expect(mp3.suggestedFilename()).toBe(`minha-faixa-${stem}.mp3`);
      expect(sniffAudioFormat(readFileSync(await mp3.path()))).toBe('mp3');
    }

    // The stems come back after a reload (the job is remembered for the tab, links are fetched anew).
    await page.reload();
    await page.getByTestId('stem-vocals').getByRole('link', { name: 'Baixar Vocais em WAV' }).waitFor();

    expect(errors, errors.join('\n')).toEqual([]);

    // Signed in with no plan and no coins, generating says what it costs and offers the way to buy coins
    // (the 402 answer is expected here, so after the console check).
    await page.goto('/generate');
    await page.getByLabel('Descrição').fill('piano calmo de madrugada');
    await page.getByRole('button', { name: 'Gerar Música' }).click();
    await page.getByText(/Gerar uma música custa \d+ 5D Coins/).waitFor();
    await page.getByRole('button', { name: 'Comprar 5D Coins' }).click();
    await page.waitForURL('**/coins');
    await context.close();
  }, 300_000);

  it('splits MP3, FLAC and OGG files and speaks each language, on a phone too', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signUp(page, 'Format Tester');
    await page.goto('/ai-studio/stem-splitter');
    const picker = page.getByLabel(/Escolha um arquivo de áudio/);
    const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), '../fixtures/audio');
    for (const name of ['c-major-120.mp3', 'c-major-120.flac', 'c-major-120.ogg']) {
      await picker.setInputFiles(path.join(fixtures, name));
      await page.getByRole('button', { name: 'Separar stems' }).click();
      const other = page.getByTestId('stem-other');
      await other.waitFor({ timeout: 180_000 }).catch(async (error: unknown) => {
        await screenshot(page, `failure-splitter-${name}`);
        console.error(
          'splitter toasts:',
          await page.locator('[data-sonner-toast]').allTextContents(),
          errors,
        );
        throw error;
      });
      await other.getByRole('link', { name: 'Baixar Outros em MP3' }).waitFor();
      expect(await other.locator('audio').getAttribute('src')).toMatch(/other\.mp3/);
      if (name.endsWith('.ogg')) await mobileScreenshot(page, 'mobile-splitter-ogg-stems');
      await page.getByRole('button', { name: 'Escolher outro arquivo' }).click();
    }
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();

    // The page in English and Spanish, on a 390×844 phone: accepted formats and stage names translated.
    for (const [language, hint, stageText] of [
      ['en-US', 'WAV, MP3, FLAC or OGG — up to 1GB', 'Separation'],
      ['es-ES', 'WAV, MP3, FLAC u OGG — hasta 1GB', 'Separación'],
    ] as const) {
      const phone = await newContext(browser, platform.url, viewports.mobile);
      const mobilePage = await phone.newPage();
      await signUpThroughUi(mobilePage, platform, { fullName: `Phone ${language}`, emailLabel: 'gen' });
      await mobilePage.goto('/ai-studio/stem-splitter');
      // The header's language toggle: PT → EN → ES.
      for (let press = 0; press < (language === 'en-US' ? 1 : 2); press++)
        await mobilePage.getByRole('button', { name: /^(PT|EN) — / }).click();
      await mobilePage.getByText(hint).waitFor();
      await mobilePage
        .getByLabel(/audio file|archivo de audio/i)
        .setInputFiles(path.join(fixtures, 'c-major-120.flac'));
      await mobilePage.getByRole('button', { name: /Split stems|Separar stems/ }).click();
      await mobilePage
        .getByTestId('split-progress')
        .getByText(stageText)
        .waitFor({ timeout: 60_000 })
        .catch(() => undefined);
      await screenshot(mobilePage, `mobile-splitter-${language}`);
      await mobilePage.getByTestId('stem-other').waitFor({ timeout: 180_000 });
      await screenshot(mobilePage, `mobile-splitter-${language}-stems`);
      // Every row scrolls past the floating chat button, so no download may reach into its column.
      const chat = (await mobilePage.getByTestId('chat-launcher').boundingBox())!;
      for (const stem of ['vocals', 'drums', 'bass', 'other']) {
        for (const link of await mobilePage.getByTestId(`stem-${stem}`).getByRole('link').all()) {
          const box = (await link.boundingBox())!;
          expect(box.x + box.width, `${stem}: ${await link.innerText()}`).toBeLessThanOrEqual(chat.x);
        }
      }
      await phone.close();
    }
  }, 600_000);
});
