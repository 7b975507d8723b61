import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerLabel } from '../../shared/i18n/ledger/label';
import ledgerTextsEnUS from '../../shared/i18n/ledger/en-US';
import ledgerTextsEsES from '../../shared/i18n/ledger/es-ES';
import ledgerTextsPtBR from '../../shared/i18n/ledger/pt-BR';
import { labelFromDescription, ledgerDescription, ledgerText } from '../../shared/i18n/ledger/text';

const catalogues = { 'pt-BR': ledgerTextsPtBR, 'en-US': ledgerTextsEnUS, 'es-ES': ledgerTextsEsES } as const;
const kinds = Object.keys(ledgerTextsPtBR).sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('ledger catalogues', () => {
  it.each(['en-US', 'es-ES'] as const)(
    '%s has every kind of pt-BR with the same placeholders',
    (language) => {
      const catalogue: Record<string, string> = catalogues[language];
      expect(Object.keys(catalogue).sort()).toEqual(kinds);
      for (const kind of kinds) {
        expect(catalogue[kind]?.trim(), `${language} ${kind}`).toBeTruthy();
        expect(placeholders(catalogue[kind]!), `${language} ${kind}`).toEqual(
          placeholders((ledgerTextsPtBR as Record<string, string>)[kind]!),
        );
      }
    },
  );

  it('every kind the server writes is in the catalogue', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : full.endsWith('.ts') ? [full] : [];
      });
    const written = new Set<string>();
    for (const file of walk(path.join(root, 'lambdas')))
      for (const match of readFileSync(file, 'utf8').matchAll(/ledgerLabel\(\s*'([a-z_]+)'/g))
        written.add(match[1]!);
    expect(written.size).toBeGreaterThanOrEqual(5);
    for (const kind of written) expect(kinds, kind).toContain(kind);
  });
});

describe('ledger texts', () => {
  it('read one entry in each language, numbers in its format', () => {
    const label = ledgerLabel('coins_purchase', { coins: 1500 });
    expect(ledgerText(ledgerTextsPtBR, label, 'pt-BR')).toBe('Compra de 1.500 5D Coins');
    expect(ledgerText(ledgerTextsEnUS, label, 'en-US')).toBe('Purchase of 1,500 5D Coins');
    expect(ledgerText(ledgerTextsEsES, label, 'es-ES')).toMatch(/^Compra de 1\.?500 5D Coins$/);
    // A plan is stored by id and named in the reader's language; rows written before keep working.
    const allowance = ledgerLabel('plan_allowance', { plan: 'ARTISTA', coins: 80 });
    expect(ledgerText(ledgerTextsEnUS, allowance, 'en-US')).toBe('Creator plan: 80 5D Coins for the month');
    expect(ledgerText(ledgerTextsPtBR, allowance, 'pt-BR')).toBe('Assinatura Artista: 80 5D Coins do mês');
    const older = ledgerLabel('plan_allowance', { plan: 'Iniciante', coins: 20 });
    expect(ledgerText(ledgerTextsEnUS, older, 'en-US')).toBe('Starter plan: 20 5D Coins for the month');
    expect(ledgerText(ledgerTextsEsES, older, 'es-ES')).toBe('Suscripción Inicial: 20 5D Coins del mes');
    // A creator's title is user content: it stays as written inside the reader's sentence.
    const payout = ledgerLabel('hire_payout', { title: 'Noite de Verão', coins: 1200 });
    expect(ledgerText(ledgerTextsEnUS, payout, 'en-US')).toBe(
      'Order “Noite de Verão” completed: 1,200 5D Coins received',
    );
  });

  it('a refund reads the refunded kind in the same language; an unknown `of` as its text', () => {
    const refund = ledgerLabel('refund', { of: 'generation' });
    expect(ledgerText(ledgerTextsEnUS, refund, 'en-US')).toBe('Refund: Music generation');
    expect(ledgerText(ledgerTextsEsES, refund, 'es-ES')).toBe('Reembolso: Generación de música');
    expect(ledgerDescription(refund)).toBe('Reembolso: Geração de música');
    expect(ledgerText(ledgerTextsEnUS, ledgerLabel('refund', { of: 'Chatbot' }), 'en-US')).toBe(
      'Refund: Chatbot',
    );
    // A self-reference cannot loop.
    expect(ledgerText(ledgerTextsEnUS, ledgerLabel('refund', { of: 'refund' }), 'en-US')).toBe(
      'Refund: refund',
    );
  });

  it('a kind the catalogue lacks (a newer server) has no text, so the stored one is shown', () => {
    expect(ledgerText(ledgerTextsEnUS, { kind: 'escrow_hold', params: {} }, 'en-US')).toBeUndefined();
  });
});

describe('descriptions stored before labels', () => {
  it.each([
    ['Compra de 25 5D Coins', { kind: 'coins_purchase', params: { coins: 25 } }],
    ['Compra de 1.000 5D Coins', { kind: 'coins_purchase', params: { coins: 1000 } }],
    [
      'Assinatura Artista: 80 5D Coins do mês',
      { kind: 'plan_allowance', params: { plan: 'Artista', coins: 80 } },
    ],
    ['Reembolso: 7 5D Coins estornadas', { kind: 'coins_refund', params: { coins: 7 } }],
    ['Geração de música', { kind: 'generation', params: {} }],
    ['Reembolso: geração de música que falhou', { kind: 'generation_refund', params: {} }],
    ['Reembolso: Geração de música', { kind: 'refund', params: { of: 'generation' } }],
    ['Reembolso: Separação de stems', { kind: 'refund', params: { of: 'Separação de stems' } }],
    [
      'Contratação de “Mix: Vol. 2”: 10 5D Coins em garantia',
      { kind: 'hire_hold', params: { title: 'Mix: Vol. 2', coins: 10 } },
    ],
    [
      'Pedido “Beat” recusado pelo criador: 10 5D Coins devolvidas',
      { kind: 'hire_declined', params: { title: 'Beat', coins: 10 } },
    ],
  ])('%s', (description, label) => {
    expect(labelFromDescription(description)).toEqual(label);
    // Reading the label back in pt-BR gives the stored text.
    expect(ledgerDescription(labelFromDescription(description)!)).toBe(description);
  });

  it('leaves other texts alone', () => {
    expect(labelFromDescription('Bônus da equipe')).toBeUndefined();
    expect(labelFromDescription('Compra de muitas 5D Coins')).toBeUndefined();
  });
});
