import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTrack } from '../../lambdas/_lib/music/synthesizer';
import { decodeWav, encodeWav, type PcmAudio } from '../../shared/audio/wav';
import { compatibleKeys, normalizeKey, parseKey } from '../../shared/licensing/key-bpm';
import {
  collectPageErrors,
  launchChromium,
  mobileScreenshot,
  newContext,
  screenshot,
} from './helpers/browser';
import { apiAs, signUpThroughUi } from './helpers/accounts';
import { startPlatform, type RunningPlatform } from './helpers/platform';
import { openProductsTab } from './helpers/publish';

/**
 * Beat licences in Chromium (issue 8), lean: a creator uploads a synthesized beat and the form is filled
 * with its detected BPM and key; the creator sets tiers and a coupon; a client buys a WAV lease with the
 * coupon through the sandbox checkout and downloads the WAV and the PDF agreement; another client finds
 * the beat by uploading an acapella, has an offer countered, accepts and pays it, then buys the exclusive
 * and the beat leaves the marketplace.
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

/** A beat of known tempo and key from the project's synthesizer (as tests/bench/key-bpm-detection.ts), cut short. */
function generatedBeat(seconds: number) {
  const track = renderTrack({ description: 'beat para testar', style: 'Trap', durationSeconds: 30, seed: 1 });
  const mix = decodeWav(track.mix);
  const cut: PcmAudio = {
    sampleRate: mix.sampleRate,
    channels: mix.channels.map((c) => c.slice(0, seconds * mix.sampleRate)),
  };
  return { bpm: track.plan.bpm, key: normalizeKey(track.plan.key)!, wav: Buffer.from(encodeWav(cut)) };
}

/**
 * A vocal-ish line (an "acapella"): one sung syllable per eighth note at `bpm`, on a melody around the
 * tonic triad of `key`, each a vibrato tone with vowel-like formants and a soft attack; mono 22.05 kHz.
 */
function acapellaWav(bpm: number, key: string, seconds: number): Buffer {
  const sampleRate = 22_050;
  const { tonic, mode } = parseKey(key)!;
  const scale = mode === 'minor' ? [0, 2, 3, 5, 7, 8, 10] : [0, 2, 4, 5, 7, 9, 11];
  const line = [0, 2, 4, 2, 0, 4, 7, 4, 5, 4, 2, 0, 4, 2, 1, 0];
  const slot = 30 / bpm;
  const base = 220 * 2 ** ((tonic - 9) / 12);
  const samples = new Float32Array(seconds * sampleRate);
  let phase = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / sampleRate;
    const n = Math.floor(t / slot);
    const local = t - n * slot;
    const degree = line[n % line.length]!;
    const semitones = scale[degree % 7]! + 12 * Math.floor(degree / 7);
    const f = base * 2 ** (semitones / 12) * (1 + 0.006 * Math.sin(2 * Math.PI * 5.5 * t));
    phase += (2 * Math.PI * f) / sampleRate;
    const envelope = local < slot * 0.85 ? Math.min(1, local / 0.015) * Math.exp(-local / (slot * 0.6)) : 0;
    let v = 0;
    for (let h = 1; h <= 10; h += 1) {
      const hf = f * h;
      const formants =
        Math.exp(-((hf - 700) ** 2) / (2 * 300 ** 2)) + 0.6 * Math.exp(-((hf - 1200) ** 2) / (2 * 400 ** 2));
      v += (formants + 0.3 / h) * Math.sin(h * phase);
    }
    samples[i] = 0.25 * envelope * v;
  }
  return Buffer.from(encodeWav({ sampleRate, channels: [samples] }));
}

const PT_NOTES = ['Dó', 'Dó#', 'Ré', 'Ré#', 'Mi', 'Fá', 'Fá#', 'Sol', 'Sol#', 'Lá', 'Lá#', 'Si'];
/** 'A# minor' as the pt-BR screen writes it ('Lá# menor'). */
function ptKeyName(key: string): string {
  const parsed = parseKey(key)!;
  return `${PT_NOTES[parsed.tonic]} ${parsed.mode === 'major' ? 'maior' : 'menor'}`;
}

async function signUp(
  kind: 'Cliente' | 'Criador',
  fullName: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, platform.url);
  const page = await context.newPage();
  await signUpThroughUi(page, platform, { fullName, emailLabel: `lic-${kind.toLowerCase()}`, kind });
  await page.getByRole('heading', { name: `Olá, ${fullName}!` }).waitFor();
  return { context, page };
}

const apiGet = (page: Page, path: string) => apiAs(page, 'GET', path);

async function openLicences(page: Page, title: string): Promise<ReturnType<Page['getByRole']>> {
  await page.goto('/marketplace');
  await page.getByRole('searchbox', { name: 'Buscar beats' }).fill(title);
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: /^Comprar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Escolha a licença' });
  await dialog.getByRole('radio', { name: /Licença WAV/ }).waitFor();
  return dialog;
}

/** Clicks the buy button; the sandbox checkout opens in a new tab, is paid there and returns to My Collection. */
async function payOnSandbox(page: Page, buy: () => Promise<void>): Promise<void> {
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), buy()]);
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: /^Pagar/ }).click();
  await checkout.waitForURL((url) => url.pathname === '/my-collection');
  // Back from Stripe: the collection says the payment arrived and opens Compras.
  await checkout.getByText(/^Pagamento recebido/).waitFor();
  await checkout.getByRole('tab', { name: 'Compras', selected: true }).waitFor();
  await checkout.close();
  await page.goto('/my-collection');
}

describe('beat licences', () => {
  it('detected BPM/key; tiers + coupon; WAV lease + downloads; acapella match; offer; exclusive', async () => {
    const title = `Licença E2E ${Date.now().toString(36)}`;
    const generated = generatedBeat(12);
    const creator = await signUp('Criador', 'Lia Licenças E2E');
    const hub = creator.page;
    const errors = collectPageErrors(hub);
    await openProductsTab(hub);
    await hub.getByLabel('Título').fill(title);
    await hub.getByLabel('Descrição').fill('Beat com licenças.');
    await hub.getByLabel('Preço (R$)').fill('50');
    await hub.getByLabel('Gênero').selectOption('Trap');
    await hub
      .getByLabel('Arquivo de áudio *')
      .setInputFiles({ name: 'beat.wav', mimeType: 'audio/wav', buffer: generated.wav });
    // Detection fills duration, BPM and key for the creator to confirm.
    await hub.getByTestId('detected-hint').waitFor({ timeout: 30_000 });
    expect(Math.abs(Number(await hub.getByLabel('BPM').inputValue()) - generated.bpm)).toBeLessThanOrEqual(1);
    expect(await hub.getByLabel('Tom', { exact: true }).inputValue()).toBe(generated.key);
    expect(await hub.getByLabel('Duração (m:ss)').inputValue()).toBe('0:12');
    await hub
      .getByTestId('detected-hint')
      .getByText(/confirme ou ajuste/)
      .waitFor();
    await screenshot(hub, 'desktop-product-detected');
    await mobileScreenshot(hub, 'mobile-product-detected');
    await hub.getByRole('button', { name: 'Publicar produto' }).click();
    await hub.getByText('Seu produto foi publicado com sucesso no marketplace.').waitFor({ timeout: 30_000 });

    // Licenças: WAV at R$ 100, Exclusive on at R$ 500, and a 20% coupon.
    await hub.getByRole('tab', { name: 'Licenças' }).click();
    await hub.getByTestId('tier-price-wav').waitFor();
    await hub.getByTestId('tier-price-wav').fill('100');
    await hub.getByTestId('tier-enabled-exclusive').check();
    await hub.getByTestId('tier-price-exclusive').fill('500');
    await hub.getByLabel('Oferta mínima (R$, vazio = sem ofertas)').fill('30');
    // The creator edits one term of the WAV lease: three music videos instead of one.
    const wavTerms = hub.getByTestId('tier-terms-wav');
    await wavTerms.getByText('Editar termos').click();
    await wavTerms.getByLabel('Videoclipes', { exact: true }).fill('3');
    await hub.getByRole('button', { name: 'Salvar licenças' }).click();
    await hub.getByText('Licenças salvas').waitFor();
    await hub.getByLabel('Código').fill('E2E20');
    await hub.getByLabel('Desconto').fill('20');
    await hub.getByRole('button', { name: 'Criar cupom' }).click();
    await hub.getByText('Cupom criado').waitFor();
    await hub.getByText('E2E20').waitFor();
    await screenshot(hub, 'desktop-creator-licences');
    await mobileScreenshot(hub, 'mobile-creator-licences');

    // A client buys the WAV lease with the coupon.
    const buyer = await signUp('Cliente', 'Bia Compradora E2E');
    const page = buyer.page;
    // The card shows the tiers on sale (MP3 R$ 50, WAV, Exclusive); its title opens the beat's page.
    await page.goto('/marketplace');
    await page.getByRole('searchbox', { name: 'Buscar beats' }).fill(title);
    const card = page.getByRole('article', { name: title });
    await card.getByText(/^a partir de R\$\s?50,00$/).waitFor();
    await card.getByText('3 licenças').waitFor();
    await card.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const beatUrl = page.url();
    const wavTier = page.getByTestId('beat-tier-wav');
    await wavTier.getByText(/R\$\s?100,00/).waitFor();
    await wavTier.getByText('Streams de áudio: 250.000').waitFor();
    await wavTier.getByText(/^Crédito: .*Lia Licenças E2E/).waitFor();
    await screenshot(page, 'desktop-beat-page');
    await mobileScreenshot(page, 'mobile-beat-page');
    await wavTier.getByRole('button', { name: /^Comprar Licença WAV/ }).click();
    const chosen = page.getByRole('dialog', { name: 'Escolha a licença' });
    await chosen.getByRole('radio', { name: /Licença WAV/ }).waitFor();
    expect(await chosen.getByRole('radio', { name: /Licença WAV/ }).isChecked()).toBe(true);
    await chosen.getByRole('button', { name: 'Fechar' }).click();
    const dialog = await openLicences(page, title);
    // The buyer reads the edited term and the credit line with the creator's name.
    await dialog.getByText('Videoclipes: 3').waitFor();
    await dialog.getByText('Crédito: Prod. por Lia Licenças E2E').first().waitFor();
    await dialog.getByRole('radio', { name: /Licença WAV/ }).check();
    await dialog.getByLabel('Cupom de desconto').fill('e2e20');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.getByText(/Cupom aplicado: R\$\s?80,00/).waitFor();
    await screenshot(page, 'desktop-licence-dialog');
    await mobileScreenshot(page, 'mobile-licence-dialog');
    await payOnSandbox(page, () =>
      dialog.getByRole('button', { name: /^Comprar Licença WAV por R\$\s?80,00/ }).click(),
    );

    await page.getByRole('tab', { name: 'Compras' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Licença WAV' });
    await row.getByText(/R\$\s?80,00/).waitFor();
    await row.getByRole('button', { name: 'Baixar arquivos' }).click();
    const wavLink = row.getByRole('link', { name: 'WAV' });
    await wavLink.waitFor();
    const wav = await page.request.get((await wavLink.getAttribute('href'))!);
    expect((await wav.body()).subarray(0, 4).toString('ascii')).toBe('RIFF');
    await screenshot(page, 'desktop-collection-licence');
    const [agreement] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Contrato (PDF)' }).click(),
    ]);
    expect((await readFile((await agreement.path())!)).subarray(0, 5).toString('ascii')).toBe('%PDF-');
    const purchases = await apiGet(page, '/api/me/purchases');
    const orderId = (purchases.body.items as { order_id?: string }[])[0]!.order_id!;

    // The dashboard's Pedidos: a licence is complete the moment it is paid (issue 18: it showed
    // 'Entregue' at 60 % and its Download answered 409) and downloads the licence's files.
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Pedidos' }).click();
    const licenceOrder = page.getByTestId('client-order').filter({ hasText: title });
    await licenceOrder.getByText('Concluído').waitFor();
    expect(await licenceOrder.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await licenceOrder.getByRole('button', { name: 'Baixar arquivos' }).click();
    const dashboardWav = licenceOrder.getByRole('link', { name: 'WAV' });
    await dashboardWav.waitFor();
    const fromDashboard = await page.request.get((await dashboardWav.getAttribute('href'))!);
    expect((await fromDashboard.body()).subarray(0, 4).toString('ascii')).toBe('RIFF');
    await screenshot(page, 'desktop-dashboard-licence-order');
    await mobileScreenshot(page, 'mobile-dashboard-licence-order');

    // Another client finds the beat with an acapella: the filters switch to its key and tempo.
    const bidder = await signUp('Cliente', 'Caio Exclusivo E2E');
    await bidder.page.goto('/marketplace');
    await bidder.page.getByLabel('Arquivo do acapella').setInputFiles({
      name: 'acapella.wav',
      mimeType: 'audio/wav',
      buffer: acapellaWav(generated.bpm, generated.key, 12),
    });
    const match = bidder.page.getByTestId('acapella-result');
    await match.waitFor({ timeout: 30_000 });
    const detected = await match.innerText();
    expect(detected).toMatch(/Seu acapella: \d+ BPM · \S+ (maior|menor)/);
    // Sung in the beat's key and tempo: its detected key is one the beat's key mixes with.
    expect(compatibleKeys(generated.key).some((key) => detected.includes(ptKeyName(key)))).toBe(true);
    // Two filters: the key (with compatible keys) and the BPM window (with half/double tempo).
    await expect.poll(() => bidder.page.getByTestId('active-filter-count').innerText()).toBe('2');
    await bidder.page.getByRole('searchbox', { name: 'Buscar beats' }).fill(title);
    await bidder.page.getByRole('article', { name: title }).waitFor();
    await screenshot(bidder.page, 'desktop-acapella-match');
    await mobileScreenshot(bidder.page, 'mobile-acapella-match');
    await match.getByRole('button', { name: 'Limpar filtro do acapella' }).click();
    await match.waitFor({ state: 'detached' });
    // The panel closes at once; the filters follow through the URL (a router transition) a moment later.
    await expect.poll(() => bidder.page.getByTestId('active-filter-count').count()).toBe(0);

    // That client offers R$ 60 for a WAV lease; the creator counters R$ 75; accepted and paid.
    const bid = await openLicences(bidder.page, title);
    await bid.getByRole('radio', { name: /Licença WAV/ }).check();
    await bid.getByLabel('Sua oferta (R$)').fill('60');
    await bid.getByRole('button', { name: 'Enviar oferta' }).click();
    await bidder.page.getByText('Oferta enviada').waitFor();
    await bid
      .getByTestId('my-offer')
      .getByText(/Aguardando o produtor/)
      .waitFor();
    await hub.reload();
    await hub.getByRole('tab', { name: 'Licenças' }).click();
    const received = hub.getByTestId('creator-offer').filter({ hasText: 'Caio Exclusivo E2E' });
    await received.getByLabel('Contraproposta (R$)').fill('75');
    await received.getByRole('button', { name: 'Contrapropor' }).click();
    await hub.getByText('Oferta respondida').waitFor();
    await screenshot(hub, 'desktop-creator-offers');
    const again = await openLicences(bidder.page, title);
    await again.getByRole('button', { name: 'Aceitar contraproposta' }).click();
    await payOnSandbox(bidder.page, () => again.getByRole('button', { name: /^Pagar R\$\s?75,00/ }).click());
    await bidder.page.getByRole('tab', { name: 'Compras' }).click();
    await bidder.page
      .getByRole('listitem')
      .filter({ hasText: 'Licença WAV' })
      .getByText(/R\$\s?75,00/)
      .waitFor();

    // The first buyer opens the exclusive's checkout and leaves it open: it holds the exclusive.
    const held = await openLicences(page, title);
    await held.getByRole('radio', { name: /Exclusiva/ }).check();
    const [holdTab] = await Promise.all([
      page.context().waitForEvent('page'),
      held.getByRole('button', { name: /^Comprar Exclusiva/ }).click(),
    ]);
    await holdTab.getByRole('button', { name: /^Pagar/ }).waitFor();

    // Meanwhile the other client tries the exclusive: the 409 says why, readable above the dialog
    // (issue 18: it answered 409 and showed nothing), and the dialog stays open to try again.
    const exclusiveBuyer = bidder;
    const other = exclusiveBuyer.page;
    const exclusive = await openLicences(other, title);
    await exclusive.getByRole('radio', { name: /Exclusiva/ }).check();
    await exclusive.getByRole('button', { name: /^Comprar Exclusiva por R\$\s?500,00/ }).click();
    await exclusive
      .getByText('A licença exclusiva desta faixa está reservada por outro comprador.', { exact: false })
      .waitFor();
    await screenshot(other, 'desktop-exclusive-held');

    // The first buyer cancels at Stripe; the hold is released and the other client buys the exclusive:
    // the beat leaves the marketplace.
    await holdTab.getByRole('button', { name: 'Cancelar' }).click();
    await holdTab.waitForURL((url) => url.pathname === '/marketplace');
    await holdTab.getByText('Pagamento cancelado').waitFor();
    await holdTab.close();
    await payOnSandbox(other, () =>
      exclusive.getByRole('button', { name: /^Comprar Exclusiva por R\$\s?500,00/ }).click(),
    );
    // Catalogue answers are public and kept at the edge and in the browser for up to 30 s (with
    // stale-while-revalidate, docs/architecture.md): the sale shows in the search within that window.
    await expect
      .poll(
        async () => {
          await other.goto(`/marketplace?q=${encodeURIComponent(title)}`);
          const count = other.getByTestId('result-count');
          await count.waitFor();
          return count.innerText();
        },
        { timeout: 120_000, interval: 5_000 },
      )
      .toMatch(/^0 beats? encontrados?$/);
    expect(await other.getByRole('article', { name: title }).count()).toBe(0);
    // A shared link to the beat still opens, sold and without a buy button.
    await expect
      .poll(
        async () => {
          await other.goto(beatUrl);
          return other
            .getByText('Vendida com licença exclusiva')
            .waitFor({ timeout: 5_000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 120_000, interval: 5_000 },
      )
      .toBe(true);
    expect(await other.getByRole('button', { name: /^Comprar/ }).count()).toBe(0);
    // The WAV lease stays valid.
    const files = await apiGet(page, `/api/licences/${orderId}/files`);
    expect(files.status).toBe(200);
    expect(errors).toEqual([]);
    await Promise.all([creator, buyer, exclusiveBuyer].map((user) => user.context.close()));
    // One long journey (three accounts, four checkouts, audio analysis): minutes on a shared machine.
  }, 600_000);
});
