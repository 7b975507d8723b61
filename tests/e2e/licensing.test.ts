import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavHeader } from '../../shared/audio/wav';
import {
  collectPageErrors,
  launchChromium,
  mobileScreenshot,
  newContext,
  screenshot,
} from './helpers/browser';
import { signUpThroughUi } from './helpers/accounts';
import { startPlatform, type RunningPlatform } from './helpers/platform';

/**
 * Beat licences in Chromium (issue 8), lean: a creator sets tiers and a coupon; a client buys a WAV lease
 * with the coupon through the sandbox checkout and downloads the WAV and the PDF agreement; another client
 * buys the exclusive and the beat leaves the marketplace.
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

function sineWav(seconds = 1, sampleRate = 8000): Buffer {
  const samples = seconds * sampleRate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.set(wavHeader(samples, 1, sampleRate), 0);
  for (let i = 0; i < samples; i += 1) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), 44 + i * 2);
  }
  return wav;
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

/** GET /api/... with the signed-in user's ID token, from inside the page. */
async function apiGet(page: Page, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async (url) => {
    const tokenKey = Object.keys(localStorage).find((key) => key.endsWith('.idToken'));
    const token = tokenKey ? localStorage.getItem(tokenKey) : null;
    const response = await fetch(url, { headers: { authorization: `Bearer ${token ?? ''}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }, path);
}

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
  await checkout.close();
  await page.goto('/my-collection');
}

describe('beat licences', () => {
  it('tiers + coupon; WAV lease with the coupon, downloads; exclusive takes the beat off sale', async () => {
    const title = `Licença E2E ${Date.now().toString(36)}`;
    const creator = await signUp('Criador', 'Lia Licenças E2E');
    const hub = creator.page;
    const errors = collectPageErrors(hub);
    await hub.getByRole('tab', { name: 'Produtos' }).click();
    await hub.getByLabel('Título').fill(title);
    await hub.getByLabel('Descrição').fill('Beat com licenças.');
    await hub.getByLabel('Preço (R$)').fill('50');
    await hub.getByLabel('Gênero').selectOption('Trap');
    await hub.getByLabel('BPM').fill('140');
    await hub
      .getByLabel('Arquivo de áudio *')
      .setInputFiles({ name: 'beat.wav', mimeType: 'audio/wav', buffer: sineWav() });
    await hub.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('input[placeholder="3:00"]')?.value ?? '') !== '',
    );
    await hub.getByRole('button', { name: 'Publicar produto' }).click();
    await hub.getByText('Seu produto foi publicado com sucesso no marketplace.').waitFor({ timeout: 30_000 });

    // Licenças: WAV at R$ 100, Exclusive on at R$ 500, and a 20% coupon.
    await hub.getByRole('tab', { name: 'Licenças' }).click();
    await hub.getByTestId('tier-price-wav').waitFor();
    await hub.getByTestId('tier-price-wav').fill('100');
    await hub.getByTestId('tier-enabled-exclusive').check();
    await hub.getByTestId('tier-price-exclusive').fill('500');
    await hub.getByLabel('Oferta mínima (R$, vazio = sem ofertas)').fill('30');
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
    const dialog = await openLicences(page, title);
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
    const purchases = await apiGet(page, '/api/me/purchases');
    const orderId = (purchases.body.items as { order_id?: string }[])[0]!.order_id!;
    const agreement = await apiGet(page, `/api/licences/${orderId}/agreement`);
    expect(agreement.status).toBe(200);
    const pdf = await page.request.get(String(agreement.body.url));
    expect((await pdf.body()).subarray(0, 5).toString('ascii')).toBe('%PDF-');

    // The client offers R$ 60 for another WAV lease; the creator counters R$ 75; accepted and paid.
    const bidder = buyer;
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
    const received = hub.getByTestId('creator-offer').filter({ hasText: 'Bia Compradora E2E' });
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

    // Another client buys the exclusive: the beat leaves the marketplace.
    const exclusiveBuyer = await signUp('Cliente', 'Caio Exclusivo E2E');
    const other = exclusiveBuyer.page;
    const exclusive = await openLicences(other, title);
    await exclusive.getByRole('radio', { name: /Exclusiva/ }).check();
    await payOnSandbox(other, () =>
      exclusive.getByRole('button', { name: /^Comprar Exclusiva por R\$\s?500,00/ }).click(),
    );
    await other.goto('/marketplace');
    await other.getByRole('searchbox', { name: 'Buscar beats' }).fill(title);
    await other
      .getByTestId('result-count')
      .getByText(/^0 beats? encontrados?$/)
      .waitFor();
    expect(await other.getByRole('article', { name: title }).count()).toBe(0);
    // The WAV lease stays valid.
    const files = await apiGet(page, `/api/licences/${orderId}/files`);
    expect(files.status).toBe(200);
    expect(errors).toEqual([]);
    await Promise.all([creator, buyer, exclusiveBuyer].map((user) => user.context.close()));
  }, 240_000);
});
