import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchChromium, newContext, screenshot, viewports } from './helpers/browser';
import { startPlatform, type RunningPlatform } from './helpers/platform';

let platform: RunningPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

describe('accounts journey', () => {
  it('a new client signs up, confirms with the printed code, sees their name, and signs out', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    // A protected page first says it is checking the session, then sends the visitor to /auth. With no
    // Cognito key stored at all the app knows at once that nobody is signed in (no check, no spinner), so
    // this browser keeps a stale session key (another app client's): the check then reads /config.json,
    // held back until the checking state has shown, and finds no session for this client.
    await context.addInitScript(() => {
      localStorage.setItem('CognitoIdentityServiceProvider.stale-client.LastAuthUser', 'someone');
    });
    let releaseConfig: () => void = () => undefined;
    const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
    await page.route('**/config.json', async (route) => {
      await configHeld;
      await route.continue();
    });
    await page.goto('/dashboard');
    await page.getByText('Carregando...').first().waitFor();
    releaseConfig();
    await page.waitForURL('**/auth');
    await page.unroute('**/config.json');
    await screenshot(page, 'desktop-auth-signin');

    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const fullName = 'Marina Souza Teste';
    const password = 'Senha-Forte-2026';

    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    await page.getByLabel('Nome completo').fill(fullName);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(password);
    expect(await page.getByRole('radio', { name: 'Cliente' }).isChecked()).toBe(true);
    await screenshot(page, 'desktop-auth-signup');
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();

    await page.getByText('Cadastro realizado com sucesso!').waitFor();
    await page.getByLabel('Código de confirmação').waitFor();
    const code = await platform.confirmationCode(email);
    await page.getByLabel('Código de confirmação').fill(code);
    await screenshot(page, 'desktop-auth-confirm');
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();

    await page.waitForURL('**/dashboard');
    await page.getByText('Login realizado com sucesso!').waitFor();
    const headerUser = page.getByTestId('header-user');
    await headerUser.getByText(fullName).waitFor();
    await page.getByRole('heading', { name: `Olá, ${fullName}!` }).waitFor();
    expect(await page.getByText(email).count()).toBeGreaterThan(0);
    expect(await page.getByText('Painel do cliente').count()).toBe(1);
    await screenshot(page, 'desktop-dashboard');
    await page.setViewportSize(viewports.mobile);
    await screenshot(page, 'mobile-dashboard');
    await page.setViewportSize(viewports.desktop);

    // A signed-in user has nothing to do on /auth.
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');
    await headerUser.getByText(fullName).waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
    // Home, not the sign-in page the protected dashboard would send a signed-out visitor to.
    await page.getByRole('heading', { name: 'Sua música em cinco dimensões' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('header-user').count()).toBe(0);

    // After signing out the protected page is closed again.
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new creator asks for a second confirmation code and confirms with it', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    const email = `e2e-creator-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.goto('/auth?type=creator');
    await page.getByLabel('Nome completo').fill('Caio Produtor Teste');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('Senha-Forte-2026');
    expect(await page.getByRole('radio', { name: 'Criador' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await page.getByLabel('Código de confirmação').waitFor();
    await platform.confirmationCode(email);

    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await page.getByText('Código reenviado').waitFor();
    const newestCode = await platform.confirmationCode(email, 2);
    await page.getByLabel('Código de confirmação').fill(newestCode);
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();

    await page.waitForURL('**/dashboard');
    await page.getByText('Creator Hub').waitFor();
    await page.getByTestId('header-user').getByText('Caio Produtor Teste').waitFor();

    // The header's sign-out on a protected page lands home too, not on the sign-in form.
    await page.goto('/my-collection');
    await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
    await page.getByRole('heading', { name: 'Sua música em cinco dimensões' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('signing in with an unknown account shows the login error toast', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel('Senha').fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByText('Erro no login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });
});

describe('shell', () => {
  it('an unknown address shows the not-found page with a way home', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await page.goto('/this-page-does-not-exist');
    await page.getByRole('heading', { name: 'Ops! Página não encontrada' }).waitFor();
    await screenshot(page, 'desktop-not-found');
    await page.getByRole('main').getByRole('link', { name: 'Voltar para a página inicial' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('the back button with no history to go back to lands on the home page', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Voltar', exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('the back button returns to the previous page of the app', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await page.goto('/somewhere-unknown');
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await page.waitForURL('**/somewhere-unknown');
    await context.close();
  });

  it('the language toggle switches <html lang> and the texts, and the choice survives a reload', async () => {
    const context = await newContext(browser, platform.url);
    const page = await context.newPage();
    await page.goto('/');
    const toggle = page.getByRole('banner').getByRole('button', { name: /Idioma|Language|Idioma:/ });
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
    expect(await htmlLang(page)).toBe('pt-BR');
    expect(await toggle.textContent()).toBe('PT');
    await screenshot(page, 'desktop-home');

    await toggle.click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await htmlLang(page)).toBe('en-US');
    expect(await toggle.textContent()).toBe('EN');

    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await htmlLang(page)).toBe('en-US');

    await toggle.click();
    await page.locator('#main-sidebar').getByRole('link', { name: 'Comunidad' }).waitFor();
    expect(await htmlLang(page)).toBe('es-ES');
    expect(await toggle.textContent()).toBe('ES');
    await context.close();
  });

  it('on a phone the sidebar opens from the menu button and closes after choosing a page', async () => {
    const context = await newContext(browser, platform.url, viewports.mobile);
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    await screenshot(page, 'mobile-home');

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await nav.getByRole('link', { name: 'Marketplace' }).waitFor();
    // Issue 18: the AI Studio is a live page, not "em breve".
    expect(await nav.getByRole('link', { name: 'AI Studio' }).isVisible()).toBe(true);
    expect(await nav.getByText('em breve').count()).toBe(0);
    // Let the drawer finish sliding in before the picture.
    await page.waitForFunction("document.getElementById('main-sidebar').getBoundingClientRect().left === 0");
    await screenshot(page, 'mobile-menu');

    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });

    await page.goto('/auth?type=creator');
    await page.getByRole('tab', { name: 'Cadastrar', selected: true }).waitFor();
    expect(await page.getByRole('radio', { name: 'Criador' }).isChecked()).toBe(true);
    await screenshot(page, 'mobile-auth-signup-creator');
    await context.close();
  });
});
