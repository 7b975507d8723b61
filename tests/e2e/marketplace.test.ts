import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavHeader } from '../../shared/audio/wav';
import { collectPageErrors, launchChromium, newContext, screenshot, viewports } from './helpers/browser';
import { buyCoinsThroughCheckout, signUpInNewContext } from './helpers/accounts';
import { startPlatform, type RunningPlatform } from './helpers/platform';
import { openProductsTab } from './helpers/publish';

let platform: RunningPlatform;
let browser: Browser;
let client: { context: BrowserContext; page: Page };
let creator: { context: BrowserContext; page: Page };
const productTitle = `Beat E2E ${Date.now().toString(36)}`;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** A one-second 8 kHz mono 16-bit sine WAV. */
function sineWav(seconds = 1, sampleRate = 8000): Buffer {
  const samples = seconds * sampleRate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.set(wavHeader(samples, 1, sampleRate), 0);
  for (let i = 0; i < samples; i += 1) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), 44 + i * 2);
  }
  return wav;
}

/** A 1×1 violet PNG. */
const coverPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const signUp = (kind: 'Cliente' | 'Criador', fullName: string) =>
  signUpInNewContext(browser, platform, { kind, fullName, emailLabel: `mkt-${kind.toLowerCase()}` });

const resultCount = (page: Page) => page.getByTestId('result-count').textContent();

describe('marketplace journey', () => {
  it('a visitor browses, searches, filters, paginates and plays a beat', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/marketplace');
    await page.getByRole('heading', { name: 'CREATORHUB' }).waitFor();
    await page.getByTestId('beat-card').first().waitFor();
    expect(await page.getByTestId('beat-card').count()).toBe(12);
    await page.getByText(/^Página 1 de \d+$/).waitFor();
    const total = Number((await resultCount(page))?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(24);
    await screenshot(page, 'desktop-marketplace');

    // Search by title (case-insensitive) narrows the list and goes back to page 1.
    await page.getByRole('button', { name: 'Próxima' }).click();
    await page.getByText(/^Página 2 de \d+$/).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar beats' }).fill('noite paulista');
    await page.getByText('1 beat encontrado').waitFor();
    await page.getByText('Página 1 de 1').waitFor();
    await page.getByRole('article', { name: 'Noite Paulista' }).waitFor();
    // No match: the count reads as plural in pt-BR (its plural rules would say '0 beat encontrado').
    await page.getByRole('searchbox', { name: 'Buscar beats' }).fill('nenhum beat tem este nome');
    await page.getByText('0 beats encontrados').waitFor();
    await page.getByRole('searchbox', { name: 'Buscar beats' }).fill('');
    // Clearing the search brings the whole catalogue back (and the empty state's 'Limpar busca e filtros' goes).
    await page.getByText(`${total} beats encontrados`).waitFor();

    // The filter sheet: edits apply only on 'Aplicar Filtros'; the badge counts active filters.
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtros avançados' });
    await sheet.getByText('Lo-Fi', { exact: true }).click();
    await screenshot(page, 'desktop-marketplace-filters');
    expect(Number((await resultCount(page))?.match(/\d+/)?.[0])).toBe(total);
    await sheet.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await sheet.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('active-filter-count').textContent()).toBe('1');
    // The filtered page replaces the one on screen when it arrives: wait for it, then check every card.
    await expect
      .poll(async () => {
        const cards = await page.getByTestId('beat-card').allTextContents();
        return cards.length > 0 && cards.every((text) => text.includes('Lo-Fi'));
      })
      .toBe(true);
    // 'Limpar' resets and applies at once.
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await sheet.getByRole('button', { name: 'Limpar' }).click();
    await page.getByText(`${total} beats encontrados`).waitFor();
    expect(await page.getByTestId('active-filter-count').count()).toBe(0);

    // Pagination (issue 16: pages are read from the server in order, each from the last one's cursor):
    // 'Próxima' up to page 3, 'Anterior' back, and the button of a page already seen.
    const pages = Math.ceil(total / 12);
    const last = Math.min(pages, 3);
    for (let next = 2; next <= last; next += 1) {
      await page.getByRole('button', { name: 'Próxima' }).click();
      await page.getByText(`Página ${next} de ${pages}`).waitFor();
    }
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText(`Página ${last - 1} de ${pages}`).waitFor();
    await page.getByRole('button', { name: 'Página 1', exact: true }).click();
    await page.getByText(`Página 1 de ${pages}`).waitFor();

    // Play a beat: the sticky player shows it playing; pressing it again pauses.
    const firstCard = page.getByTestId('beat-card').first();
    const title = (await firstCard.getByRole('heading').textContent()) ?? '';
    await firstCard.getByRole('button', { name: `Tocar ${title}` }).click();
    const player = page.getByTestId('player');
    await player.getByTestId('player-title').getByText(title).waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="player"]')?.getAttribute('data-state') === 'playing',
    );
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2);
    // Paused at once, so what the test sees never depends on how long the beat plays.
    await firstCard.getByRole('button', { name: `Pausar ${title}` }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="player"]')?.getAttribute('data-state') === 'paused',
    );
    await screenshot(page, 'desktop-marketplace-player');
    // The floating chat button docks into the player bar's free right end: never over its controls.
    const [muteBox, chatBox] = await Promise.all([
      player.getByRole('button', { name: 'Silenciar' }).boundingBox(),
      page.getByTestId('chat-launcher').boundingBox(),
    ]);
    expect(chatBox!.x).toBeGreaterThanOrEqual(muteBox!.x + muteBox!.width);
    await player.getByRole('button', { name: 'Silenciar' }).click();
    expect(await page.evaluate(() => document.querySelector('audio')?.volume)).toBe(0);
    await player.getByRole('button', { name: 'Ativar som' }).click();
    expect(await page.evaluate(() => document.querySelector('audio')?.volume)).toBeCloseTo(0.7);

    // Signed out, a like asks for a login.
    await firstCard.getByRole('button', { name: `Curtir ${title}` }).click();
    await page.getByText('Faça login').waitFor();
    await page.waitForURL('**/auth');

    await page.setViewportSize(viewports.mobile);
    await page.goto('/marketplace');
    await page.getByTestId('beat-card').first().waitFor();
    await screenshot(page, 'mobile-marketplace');
    await page.getByRole('tab', { name: /Drops Raros/ }).click();
    await page
      .getByRole('button', { name: 'Ver Oferta' })
      .first()
      .or(page.getByText('Nenhuma oferta rara no momento. Volte em breve!'))
      .first()
      .waitFor();
    await screenshot(page, 'mobile-marketplace-drops');
    const offer = page.getByRole('button', { name: 'Ver Oferta' }).first();
    if ((await offer.count()) > 0) {
      await offer.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(/^\d+h \d+m$|^Expirado$/).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }

    // The simple view: subscriptions and projects (each project's own rating, 7 days delivery, R$).
    await page.getByRole('tab', { name: 'Todos' }).click();
    await page.getByRole('button', { name: 'Simples' }).click();
    await page.getByRole('heading', { name: 'Assinaturas' }).waitFor();
    await page.getByRole('button', { name: 'Assinar Iniciante' }).waitFor();
    const projects = page.getByRole('region', { name: 'Projetos' });
    await projects.getByText('7 dias de entrega').first().waitFor();
    await page.getByLabel('Categoria').selectOption('Ambient');
    // The category is a server query now (issue 16): the list changes when its page arrives.
    await expect.poll(() => projects.getByRole('listitem').count(), { timeout: 30_000 }).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a signed-in client likes a beat, finds it in My Collection and removes it', async () => {
    client = await signUp('Cliente', 'Clara Cliente E2E');
    const { page } = client;
    await page.goto('/marketplace');
    const card = page.getByRole('article', { name: 'Noite Paulista' });
    await page.getByRole('searchbox', { name: 'Buscar beats' }).fill('Noite Paulista');
    await card.getByRole('button', { name: 'Curtir Noite Paulista' }).click();
    await page.getByText('Adicionado aos favoritos').waitFor();
    await card.getByRole('button', { name: 'Descurtir Noite Paulista' }).waitFor();

    // Comprar opens the licence choice; buying a tier shows the informational toast, then the secure
    // checkout opens in a new tab. (The opener tab is hidden once the popup shows, so the toast is
    // checked as rendered, not as visible.)
    await card.getByRole('button', { name: /^Comprar Noite Paulista/ }).click();
    const popup = page.waitForEvent('popup');
    await page
      .getByRole('dialog', { name: 'Escolha a licença' })
      .getByRole('button', { name: /^Comprar Licença MP3/ })
      .click();
    await page.getByText('Processando pagamento...').waitFor({ state: 'attached' });
    const checkout = await popup;
    await checkout.waitForLoadState();
    expect(checkout.url()).not.toBe('about:blank');
    await checkout.close();

    await page.goto('/my-collection');
    await page.getByRole('heading', { name: 'Minha coleção' }).waitFor();
    const favorite = page.getByTestId('favorite-card').filter({ hasText: 'Noite Paulista' });
    await favorite.waitFor();
    expect(await favorite.textContent()).toMatch(/R\$\s?49,90/);
    expect(await page.getByTestId('count-favorites').textContent()).toBe('1');
    await screenshot(page, 'desktop-my-collection');
    await favorite.getByRole('button', { name: 'Remover Noite Paulista dos favoritos' }).click();
    await page.getByText('Item removido dos favoritos').waitFor();
    await page.getByText('Você ainda não tem favoritos.').waitFor();
    await page.getByRole('tab', { name: 'Compras' }).click();
    await page.getByText('Você ainda não fez compras.').waitFor();
    await page.getByRole('tab', { name: 'Assinaturas' }).click();
    await page.getByRole('link', { name: 'Ver planos' }).waitFor();
  }, 120_000);

  it('a creator publishes a product; a client hires it; delivery, download and rating go through', async () => {
    creator = await signUp('Criador', 'Caio Criador E2E');
    const hub = creator.page;
    await hub.getByText('Pro Creator').waitFor();
    await hub
      .getByTestId('revenue-total')
      .getByText(/R\$\s?0,00/)
      .waitFor();
    await screenshot(hub, 'desktop-creator-hub');
    // The engagement labels fit their boxes ('Visualizações' used to spill over its border).
    const spills = await hub.evaluate(() =>
      [...document.querySelectorAll('[aria-labelledby="engagement-title"] dt')]
        .filter((label) => label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent),
    );
    expect(spills).toEqual([]);
    await hub.getByRole('tab', { name: 'Conquistas' }).click();
    await hub.getByText('Sequência: 0 dias').waitFor();

    // Settings persist.
    await hub.getByRole('button', { name: 'Configurações', exact: true }).first().click();
    const settings = hub.getByRole('dialog', { name: 'Configurações do criador' });
    await settings.getByRole('tab', { name: 'Preços' }).click();
    await settings.getByLabel('Preço do beat (R$)').fill('75');
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await hub.getByText('Configurações salvas').waitFor();
    await hub.reload();
    await hub.getByRole('button', { name: 'Configurações', exact: true }).first().click();
    await settings.getByRole('tab', { name: 'Preços' }).click();
    expect(await settings.getByLabel('Preço do beat (R$)').inputValue()).toBe('75');
    await settings.getByRole('button', { name: 'Cancelar' }).click();

    // Publish with missing fields first: the spec's toast.
    await openProductsTab(hub);
    await hub.getByRole('button', { name: 'Publicar produto' }).click();
    await hub.getByText('Preencha todos os campos obrigatórios.').waitFor();
    await hub.getByLabel('Título').fill(productTitle);
    await hub.getByLabel('Descrição').fill('Um beat publicado pelo teste de ponta a ponta.');
    await hub.getByLabel('Preço (R$)').fill('42.50');
    await hub.getByLabel('Gênero').selectOption('Phonk');
    await hub.getByLabel('BPM').fill('128');
    await hub.getByLabel('Tags').fill('escuro, phonk , escuro');
    await hub.getByRole('button', { name: 'Adicionar' }).click();
    expect(await hub.getByRole('button', { name: /^Remover tag/ }).count()).toBe(2);
    await hub
      .getByLabel('Imagem de capa (opcional)')
      .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: coverPng });
    await hub
      .getByLabel('Arquivo de áudio *')
      .setInputFiles({ name: 'beat.wav', mimeType: 'audio/wav', buffer: sineWav() });
    await hub.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('input[placeholder="3:00"]')?.value ?? '') !== '',
    );
    await screenshot(hub, 'desktop-creator-upload');
    await hub.getByRole('button', { name: 'Publicar produto' }).click();
    await hub.getByText('Seu produto foi publicado com sucesso no marketplace.').waitFor({ timeout: 30_000 });
    expect(await hub.getByLabel('Título').inputValue()).toBe('');

    // The client finds it in the marketplace and hires it from the dashboard.
    const page = client.page;
    await page.goto('/marketplace');
    await page.getByRole('searchbox', { name: 'Buscar beats' }).fill(productTitle);
    const card = page.getByRole('article', { name: productTitle });
    await card.waitFor();
    expect(await card.textContent()).toContain('Caio Criador E2E');
    expect(await card.textContent()).toMatch(/R\$\s?42,50/);
    await page.goto('/dashboard');
    // At 390 px every project card stays inside its list (long titles are truncated, not overflowing).
    await page.setViewportSize(viewports.mobile);
    await page.getByTestId('hire-card').first().waitFor();
    const overflow = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('[data-testid="hire-card"]')];
      const list = cards[0]?.parentElement?.getBoundingClientRect();
      return Math.max(...cards.map((card) => card.getBoundingClientRect().right)) - (list?.right ?? 0);
    });
    expect(overflow).toBeLessThanOrEqual(0.5);
    await page.setViewportSize(viewports.desktop);

    // Hiring is paid first (issue 17): the client buys 5D Coins on the Stripe sandbox, then pays the hire
    // into escrow; the creator is paid when the client accepts the delivery.
    await buyCoinsThroughCheckout(page, 10);
    await page.goto('/dashboard');
    // A new product has no ratings yet: its card says so instead of a made-up 4.8 (issue 18).
    await page
      .getByTestId('hire-card')
      .filter({ hasText: productTitle })
      .getByText('Sem avaliações')
      .waitFor();
    await page.getByRole('button', { name: `Contratar ${productTitle}` }).click();
    const pay = page.getByTestId('hire-pay');
    await expect.poll(() => pay.isEnabled(), { timeout: 30_000 }).toBe(true);
    await pay.click();
    await page.getByText('Pedido pago e criado!').waitFor();
    await page.getByRole('tab', { name: 'Pedidos' }).click();
    const order = page.getByTestId('client-order').filter({ hasText: productTitle });
    await order.getByText('Pendente').waitFor();
    await order.getByText(/5D Coins em garantia/).waitFor();

    // The creator sees the order, the price held apart (not yet revenue), then delivers a file.
    await hub.getByRole('tab', { name: 'Analytics' }).click();
    await hub.reload();
    await hub
      .getByTestId('revenue-held')
      .getByText(/R\$\s?42,50/)
      .waitFor();
    expect(await hub.getByTestId('orders-total').textContent()).toBe('1');
    // Engagement: views and clicks are not measured (no made-up 1247/89); conversions are the paid orders.
    const engagement = hub.getByRole('region', { name: 'Engajamento' });
    expect(await engagement.getByRole('definition').allTextContents()).toEqual(['—', '—', '1']);
    const received = hub.getByTestId('creator-order').filter({ hasText: productTitle });
    await received.getByRole('button', { name: `Marcar ${productTitle} como entregue` }).click();
    const deliver = hub.getByRole('dialog', { name: 'Entregar pedido' });
    await deliver
      .getByLabel('Arquivo de entrega')
      .setInputFiles({ name: 'entrega-final.wav', mimeType: 'audio/wav', buffer: sineWav(2) });
    await deliver.getByRole('button', { name: 'Enviar entrega' }).click();
    await hub.getByText('Pedido entregue!').waitFor({ timeout: 30_000 });
    await received.getByText('Entregue').waitFor();
    await screenshot(hub, 'desktop-creator-orders');

    // The client downloads the delivery, accepts it (the creator is paid) and rates it.
    await page.reload();
    await page.getByRole('tab', { name: 'Pedidos' }).click();
    await order.getByText('Entregue').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      order.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toContain('entrega-final');
    await order.getByRole('button', { name: `Aceitar a entrega de ${productTitle}` }).click();
    await page.getByText('Entrega aceita!').waitFor();
    await order.getByText('Concluído').waitFor();
    await order.getByRole('button', { name: 'Avaliar' }).click();
    const rate = page.getByRole('dialog', { name: 'Avaliar pedido' });
    await rate.getByLabel('5 estrelas').check({ force: true });
    await rate.getByRole('button', { name: 'Enviar avaliação' }).click();
    await page.getByText('Avaliação enviada!').waitFor();
    await order.getByText('Sua avaliação: 5/5').waitFor();
    expect(await order.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await hub.reload();
    await hub
      .getByTestId('revenue-total')
      .getByText(/R\$\s?42,50/)
      .waitFor();
    await screenshot(page, 'desktop-client-dashboard');

    await hub.reload();
    await hub.getByTestId('creator-order').filter({ hasText: 'Avaliação do cliente: 5/5' }).waitFor();
    await hub.setViewportSize(viewports.mobile);
    await screenshot(hub, 'mobile-creator-hub');
    await client.context.close();
    await creator.context.close();
  }, 180_000);
});
