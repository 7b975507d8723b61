import type { Page } from 'playwright-core';
import { encodeWav } from '../../../shared/audio/wav';

/** A short tone as a WAV file (the hub checks and analyses the audio before publishing). */
export function toneWav(seconds: number): Buffer {
  const sampleRate = 8000;
  const samples = new Float32Array(seconds * sampleRate).map((_, i) => 0.2 * Math.sin(i / 7));
  return Buffer.from(encodeWav({ sampleRate, channels: [samples] }));
}

/**
 * Opens the hub's Produtos tab and waits for its form. In one full run on a loaded runner the form never
 * appeared after a click right after sign-up (the tab was found and clicked; the hub was still settling),
 * so a click that did not select the tab is made again, up to three times.
 */
export async function openProductsTab(hub: Page): Promise<void> {
  const tab = hub.getByRole('tab', { name: 'Produtos' });
  const form = hub.getByLabel('Título');
  for (let attempt = 1; ; attempt++) {
    try {
      await tab.click({ timeout: 10_000 });
      await form.waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt < 3) continue;
      // Say what was on screen instead: CI keeps only the log.
      const main = (
        await hub
          .getByRole('main')
          .innerText()
          .catch(() => '(no main)')
      ).slice(0, 400);
      const selected = await hub.getByRole('tab', { selected: true }).allInnerTexts();
      throw new Error(
        `The Produtos form did not open after 3 clicks on ${hub.url()}; selected tab ${JSON.stringify(selected)}; on screen: ${main}`,
        { cause: error },
      );
    }
  }
}

/** Publishes a product from the Creator Hub (/dashboard, pt-BR) as a creator would, waiting for the toast. */
export async function publishThroughHub(hub: Page, title: string, price = 30): Promise<void> {
  await openProductsTab(hub);
  await hub.getByLabel('Título').fill(title);
  await hub.getByLabel('Descrição').fill('Faixa publicada pelo teste de ponta a ponta.');
  await hub.getByLabel('Preço (R$)').fill(String(price));
  await hub.getByLabel('Gênero').selectOption('Trap');
  await hub
    .getByLabel('Arquivo de áudio *')
    .setInputFiles({ name: 'faixa.wav', mimeType: 'audio/wav', buffer: toneWav(3) });
  await hub.getByTestId('detected-hint').waitFor({ timeout: 30_000 });
  await hub.getByRole('button', { name: 'Publicar produto' }).click();
  await hub.getByText('Seu produto foi publicado com sucesso no marketplace.').waitFor({ timeout: 30_000 });
}
