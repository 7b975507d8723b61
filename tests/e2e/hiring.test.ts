import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signUpInNewContext, buyCoinsThroughCheckout } from './helpers/accounts';
import { collectPageErrors, launchChromium, screenshot, viewports } from './helpers/browser';
import { chooseLanguage } from './helpers/language';
import { startPlatform, type RunningPlatform } from './helpers/platform';
import { publishThroughHub, toneWav } from './helpers/publish';

/**
 * Paid hiring in Chromium (issue 17): a creator publishes a project; a client buys coins on the sandbox
 * checkout, opens Contratar, sees the price in R$ and in coins, the balance and how the escrow works,
 * is refused a brief with a hidden direction override, pays; the coins are held (the Creator Hub shows
 * them apart, revenue stays 0); the creator delivers, the client accepts, the coins reach the creator and
 * the Hub, the public profile and the client's order agree. A second hire is declined and refunded.
 * Screenshots of the dialog and the Hub in the three languages and at 390×844.
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

const PRICE = 54; // R$ 54,00 = 10 5D Coins at R$ 5,40
const COINS = 10;

const signUp = (kind: 'Cliente' | 'Criador', fullName: string) =>
  signUpInNewContext(browser, platform, { kind, fullName, emailLabel: `hire-${kind.toLowerCase()}` });

async function openHire(page: Page, title: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: new RegExp(`^(Contratar|Hire) ${title}$`) }).click();
  const dialog = page.getByTestId('hire-dialog');
  await dialog.waitFor();
  return dialog;
}

/** Signed in, the profile's saved language wins over the browser's: choose it in Settings. */
const balanceOf = async (page: Page) =>
  ((await apiAs(page, 'POST', '/api/functions/coins-balance', {})).body as { wallet: { balance: number } })
    .wallet.balance;

describe('paid hiring', () => {
  it('pays into escrow, pays the creator on acceptance, refunds a declined hire; figures agree everywhere', async () => {
    const title = `Mix E2E ${Date.now().toString(36)}`;
    const creator = await signUp('Criador', 'Caio Contratado E2E');
    const hub = creator.page;
    const creatorErrors = collectPageErrors(hub);
    await publishThroughHub(hub, title, PRICE);

    const client = await signUp('Cliente', 'Clara Contratante E2E');
    const page = client.page;
    const clientErrors = collectPageErrors(page);
    await buyCoinsThroughCheckout(page, 25);

    // The dialog: price in R$ and coins, balance before and after, how the escrow works.
    let dialog = await openHire(page, title);
    await dialog.getByTestId('hire-price').getByText('R$ 54,00').waitFor();
    await dialog.getByTestId('hire-coins').getByText(`${COINS} 5D Coins`).waitFor();
    await dialog.getByText('1 5D Coin = R$ 5,40').waitFor();
    await dialog.getByTestId('hire-balance').getByText('25 5D Coins').waitFor();
    await dialog.getByText('Depois de contratar: 15 5D Coins').waitFor();
    await dialog
      .getByText(/ficam em garantia: o criador só as recebe quando você aceitar a entrega/)
      .waitFor();
    await dialog.getByText(/O criador tem 7 dias para entregar/).waitFor();
    await dialog.getByText(/você tem 3 dias para revisar e aceitar/).waitFor();
    await screenshot(page, 'hire-dialog-pt-BR');
    await page.setViewportSize(viewports.mobile);
    await screenshot(page, 'hire-dialog-pt-BR-mobile');
    await page.setViewportSize(viewports.desktop);

    // A brief hiding a right-to-left override is refused before anything is paid.
    await dialog.getByLabel('Briefing (opcional)').fill('mix‮ de 4 faixas');
    await page.getByTestId('hire-pay').click();
    await dialog
      .getByRole('alert')
      .getByText('“Briefing” contém caracteres invisíveis que invertem a direção do texto.', { exact: false })
      .waitFor();
    expect(await balanceOf(page)).toBe(25);
    await dialog.getByLabel('Briefing (opcional)').fill('Mix de 4 faixas, entrega em WAV.');
    await page.getByTestId('hire-pay').click();
    await page.getByText('Pedido pago e criado!').waitFor();
    expect(await balanceOf(page)).toBe(25 - COINS);

    // The client's order: coins held, deadline shown.
    await page.getByRole('tab', { name: 'Pedidos' }).click();
    const order = page.getByTestId('client-order').filter({ hasText: title });
    await order.getByText(`${COINS} 5D Coins em garantia`).waitFor();
    await order.getByText(/^Entrega até /).waitFor();

    // The creator: held apart, no revenue yet; delivers.
    await hub.goto('/dashboard');
    await hub.getByTestId('revenue-total').getByText('R$ 0,00').waitFor();
    await hub.getByTestId('revenue-held').getByText('Em garantia: R$ 54,00').waitFor();
    const incoming = hub.getByTestId('creator-order').filter({ hasText: title });
    await incoming.getByText(/10 5D Coins em garantia · entregar até/).waitFor();
    await incoming.getByText('Briefing do cliente').click();
    await incoming.getByText('Mix de 4 faixas, entrega em WAV.').waitFor();
    await incoming.getByRole('button', { name: `Marcar ${title} como entregue` }).click();
    const deliver = hub.getByRole('dialog', { name: 'Entregar pedido' });
    await deliver
      .getByLabel('Arquivo de entrega')
      .setInputFiles({ name: 'final.wav', mimeType: 'audio/wav', buffer: toneWav(2) });
    await deliver.getByRole('button', { name: 'Enviar entrega' }).click();
    await hub.getByText('Pedido entregue!').waitFor({ timeout: 30_000 });
    await incoming.getByText(/Em revisão pelo cliente até/).waitFor();

    // The client accepts: the creator is paid, the Hub counts it.
    await page.reload();
    await page.getByRole('tab', { name: 'Pedidos' }).click();
    await order.getByText(/^Revise até /).waitFor();
    await order.getByRole('button', { name: `Aceitar a entrega de ${title}` }).click();
    await page.getByText('Entrega aceita!').waitFor();
    await order.getByText(`${COINS} 5D Coins pagas ao criador`).waitFor();
    await order.getByText('Concluído').waitFor();

    await hub.reload();
    await hub.getByTestId('revenue-total').getByText('R$ 54,00').waitFor();
    await incoming.getByText(`Recebido: ${COINS} 5D Coins`).waitFor();
    expect(await balanceOf(hub)).toBe(COINS);
    const cards = (await apiAs(hub, 'GET', '/api/creator/orders')).body as {
      cards: { sales: number; totalRevenue: number };
    };
    expect(cards.cards).toMatchObject({ sales: 1, totalRevenue: PRICE });

    // The public profile says the same: 1 sale, revenue under R$ 1 mil.
    const profile = await hub.context().newPage();
    await profile.goto(`/creator/${encodeURIComponent('Caio Contratado E2E')}`);
    await profile.getByText('Até R$ 1 mil').waitFor();
    const sales = profile.getByText('Vendas', { exact: true }).locator('..');
    expect((await sales.textContent())?.replace('Vendas', '').trim()).toBe('1');
    await profile.close();

    // The Creator Hub in the three languages and at 390×844.
    await screenshot(hub, 'creator-hub-pt-BR');
    await hub.setViewportSize(viewports.mobile);
    await screenshot(hub, 'creator-hub-pt-BR-mobile');
    await hub.setViewportSize(viewports.desktop);
    for (const [language, label] of [
      ['en-US', 'Total Revenue'],
      ['es-ES', 'Ingresos Totales'],
    ] as const) {
      await chooseLanguage(hub, language);
      await hub.goto('/dashboard');
      await hub.getByText(label).first().waitFor();
      await screenshot(hub, `creator-hub-${language}`);
      await hub.setViewportSize(viewports.mobile);
      await screenshot(hub, `creator-hub-${language}-mobile`);
      await hub.setViewportSize(viewports.desktop);

      await chooseLanguage(page, language);
      dialog = await openHire(page, title);
      await dialog.getByTestId('hire-coins').waitFor();
      await screenshot(page, `hire-dialog-${language}`);
      await page.setViewportSize(viewports.mobile);
      await screenshot(page, `hire-dialog-${language}-mobile`);
      await page.setViewportSize(viewports.desktop);
      await page.keyboard.press('Escape');
    }
    await chooseLanguage(page, 'pt-BR');
    await chooseLanguage(hub, 'pt-BR');

    // A second hire, declined by the creator: every coin comes back.
    dialog = await openHire(page, title);
    await dialog.getByText('Depois de contratar: 5 5D Coins').waitFor();
    await page.getByTestId('hire-pay').click();
    await page.getByText('Pedido pago e criado!').waitFor();
    expect(await balanceOf(page)).toBe(5);
    await hub.goto('/dashboard');
    const second = hub.getByTestId('creator-order').filter({ hasText: 'em garantia' });
    await second.getByRole('button', { name: `Recusar o pedido ${title}` }).click();
    await hub
      .getByRole('dialog', { name: 'Recusar este pedido?' })
      .getByRole('button', { name: 'Recusar e reembolsar' })
      .click();
    await hub.getByText('Pedido recusado').waitFor();
    expect(await balanceOf(page)).toBe(15);
    await page.reload();
    await page.getByRole('tab', { name: 'Pedidos' }).click();
    await page.getByText(`${COINS} 5D Coins devolvidas a você`).waitFor();
    await page.getByText('Recusado pelo criador').waitFor();
    // Revenue unchanged by the refunded hire.
    await hub.getByTestId('revenue-total').getByText('R$ 54,00').waitFor();

    expect(clientErrors).toEqual([]);
    expect(creatorErrors).toEqual([]);
  }, 600_000);
});
