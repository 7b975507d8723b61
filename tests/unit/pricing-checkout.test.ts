import { describe, expect, it, vi } from 'vitest';
import { choosePlan, type PlanChoiceDeps } from '../../web/src/components/pricing/plan-checkout';
import ptBR from '../../web/src/i18n/locales/pt-BR/pricing';

function deps(overrides: Partial<PlanChoiceDeps> = {}) {
  const notes: [string, string, string][] = [];
  const base: PlanChoiceDeps = {
    signedIn: true,
    requestCheckout: vi.fn(async () => ({ url: 'https://checkout.example/cs_1' })),
    openCheckout: vi.fn(),
    goToLogin: vi.fn(),
    notify: (kind, title, description) => notes.push([kind, title, description]),
    text: (key) => ptBR[key],
    ...overrides,
  };
  return { deps: base, notes };
}

describe('choosing a plan on the pricing section', () => {
  it('signed out: asks to sign in and goes to /auth without calling the API', async () => {
    const { deps: d, notes } = deps({ signedIn: false });
    expect(await choosePlan('ARTISTA', d)).toBe('login');
    expect(notes).toEqual([['info', 'Faça login', 'Entre para assinar um plano.']]);
    expect(d.goToLogin).toHaveBeenCalledOnce();
    expect(d.requestCheckout).not.toHaveBeenCalled();
  });

  it('signed in: asks for a checkout for that plan and opens its url', async () => {
    const { deps: d, notes } = deps();
    expect(await choosePlan('PRO', d)).toBe('opened');
    expect(d.requestCheckout).toHaveBeenCalledWith('PRO');
    expect(d.openCheckout).toHaveBeenCalledWith('https://checkout.example/cs_1');
    expect(notes).toEqual([]);
  });

  it('an answer without url: Erro / Não foi possível iniciar o checkout.', async () => {
    const { deps: d, notes } = deps({ requestCheckout: async () => ({}) });
    expect(await choosePlan('INICIANTE', d)).toBe('no-url');
    expect(notes).toEqual([['error', 'Erro', 'Não foi possível iniciar o checkout.']]);
    expect(d.openCheckout).not.toHaveBeenCalled();
  });

  it('a thrown error: Erro no checkout with its message', async () => {
    const { deps: d, notes } = deps({
      requestCheckout: async () => {
        throw new Error('Stripe indisponível');
      },
    });
    expect(await choosePlan('ARTISTA', d)).toBe('failed');
    expect(notes).toEqual([['error', 'Erro no checkout', 'Stripe indisponível']]);
  });

  it('a thrown error without message: Erro no checkout / Tente novamente.', async () => {
    const { deps: d, notes } = deps({
      requestCheckout: () => Promise.reject(new Error('')),
    });
    await choosePlan('ARTISTA', d);
    expect(notes).toEqual([['error', 'Erro no checkout', 'Tente novamente.']]);
  });

  it('ENTERPRISE is on request: a contact message, no checkout, no login needed', async () => {
    const { deps: d, notes } = deps({ signedIn: false });
    expect(await choosePlan('ENTERPRISE', d)).toBe('on-request');
    expect(notes).toEqual([['info', ptBR.onRequestTitle, ptBR.onRequestDescription]]);
    expect(d.requestCheckout).not.toHaveBeenCalled();
    expect(d.goToLogin).not.toHaveBeenCalled();
  });
});
