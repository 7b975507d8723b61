import { PutCommand } from '@aws-sdk/lib-dynamodb';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { userApiEvent } from '../../events/build';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { keys } from '../../lambdas/_lib/db/keys';
import { WalletResponse, type Transaction } from '../../shared/schemas/payments';
import ledgerEnUS from '../../web/src/i18n/locales/en-US/ledger';
import ledgerEsES from '../../web/src/i18n/locales/es-ES/ledger';
import ledgerPtBR from '../../web/src/i18n/locales/pt-BR/ledger';
import { transactionText } from '../../web/src/routes/coins/transaction-text';
import { context, uniqueSub, usePaymentsEnv } from './payments-helpers';

/**
 * Wallet entries written before entries had labels hold only their pt-BR description. Through the real
 * coins-balance handler and the web's wallet text, a reader in each language sees them in that language;
 * a text that is no known kind is shown as stored.
 */
usePaymentsEnv();

const OLD_ROWS: [id: string, kind: string, description: string, amount: number][] = [
  ['01A', 'credit', 'Compra de 1000 5D Coins', 1000],
  ['01B', 'subscription_credit', 'Assinatura Artista: 80 5D Coins do mês', 80],
  ['01C', 'spend', 'Geração de música', -5],
  ['01D', 'credit', 'Reembolso: Geração de música', 5],
  ['01E', 'debit', 'Reembolso: 4 5D Coins estornadas', -4],
  ['01F', 'credit', 'Reembolso: geração de música que falhou', 5],
  ['01G', 'credit', 'Bônus de boas-vindas da equipe', 3],
  ['01H', 'escrow_hold', 'Contratação de “Mix: Vol. 2”: 10 5D Coins em garantia', -10],
];

const EXPECTED: Record<'pt-BR' | 'en-US' | 'es-ES', Record<string, string | RegExp>> = {
  'pt-BR': {
    '01A': 'Compra de 1.000 5D Coins',
    '01B': 'Assinatura Artista: 80 5D Coins do mês',
    '01C': 'Geração de música',
    '01D': 'Reembolso: Geração de música',
    '01E': 'Reembolso: 4 5D Coins estornadas',
    '01F': 'Reembolso: geração de música que falhou',
    '01G': 'Bônus de boas-vindas da equipe',
    '01H': 'Contratação de “Mix: Vol. 2”: 10 5D Coins em garantia',
  },
  'en-US': {
    '01A': 'Purchase of 1,000 5D Coins',
    '01B': 'Creator plan: 80 5D Coins for the month',
    '01C': 'Music generation',
    '01D': 'Refund: Music generation',
    '01E': 'Refund: 4 5D Coins reversed',
    '01F': 'Refund: music generation that failed',
    '01G': 'Bônus de boas-vindas da equipe',
    '01H': 'Hire of “Mix: Vol. 2”: 10 5D Coins held in escrow',
  },
  'es-ES': {
    // es-ES groups thousands from five digits on in some ICU versions: either spelling is Spanish.
    '01A': /^Compra de 1\.?000 5D Coins$/,
    '01B': 'Suscripción Artista: 80 5D Coins del mes',
    '01C': 'Generación de música',
    '01D': 'Reembolso: Generación de música',
    '01E': 'Reembolso: 4 5D Coins devueltas',
    '01F': 'Reembolso: generación de música que falló',
    '01G': 'Bônus de boas-vindas da equipe',
    '01H': 'Contratación de “Mix: Vol. 2”: 10 5D Coins en garantía',
  },
};

async function readerIn(language: keyof typeof EXPECTED) {
  const ledger = { 'pt-BR': ledgerPtBR, 'en-US': ledgerEnUS, 'es-ES': ledgerEsES }[language];
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: { ledger } } },
    interpolation: { escapeValue: false },
  });
  return {
    language,
    exists: (key: string) => instance.exists(key),
    t: (key: string, options?: object) => instance.t(key, options as Record<string, unknown>),
  };
}

describe('wallet entries stored before labels', () => {
  it('read in each reader language through coins-balance', async () => {
    const sub = uniqueSub('old-rows-render');
    for (const [id, kind, description, amount] of OLD_ROWS) {
      await db.send(
        new PutCommand({
          TableName: config.TABLE_NAME,
          Item: {
            PK: keys.user(sub),
            SK: keys.transaction(id),
            type: 'transaction',
            id,
            kind,
            description,
            amount,
            created_at: '2025-01-01T00:00:00.000Z',
            ref: 'old',
          },
        }),
      );
    }
    const { handler } = await import('../../lambdas/coins-balance/handler');
    const result = await handler(userApiEvent('coins-balance', { sub }), context);
    expect(result.statusCode).toBe(200);
    const body = WalletResponse.parse(JSON.parse(String(result.body)));
    const byId = new Map<string, Transaction>(body.transactions.map((tx) => [tx.id, tx]));
    expect([...byId.keys()].sort()).toEqual(OLD_ROWS.map(([id]) => id));

    for (const language of ['pt-BR', 'en-US', 'es-ES'] as const) {
      const reader = await readerIn(language);
      for (const [id, expected] of Object.entries(EXPECTED[language])) {
        const text = transactionText(byId.get(id)!, reader);
        if (typeof expected === 'string') expect(text, `${language} ${id}`).toBe(expected);
        else expect(text, `${language} ${id}`).toMatch(expected);
      }
    }
    // Only the unknown text stays Portuguese in the other languages.
    const reader = await readerIn('en-US');
    const english = OLD_ROWS.map(([id]) => transactionText(byId.get(id)!, reader));
    expect(english.filter((text) => /Compra|Reembolso|Geração|Assinatura|Contratação/.test(text))).toEqual(
      [],
    );
  });
});
