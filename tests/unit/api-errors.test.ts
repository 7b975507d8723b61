import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, BadRequest, Conflict, InsufficientFunds } from '../../lambdas/_lib/errors';
import { errorResult } from '../../lambdas/_lib/http';
import apiErrorsEnUS from '../../shared/i18n/api-errors/en-US';
import apiErrorsEsES from '../../shared/i18n/api-errors/es-ES';
import { ErrorCode } from '../../shared/errors';
import { formatApiError } from '../../shared/i18n/api-errors/format';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import { AI_ERROR_CODES } from '../../shared/schemas/ai';
import { UploadErrorCode } from '../../shared/uploads';

const catalogues = { 'pt-BR': apiErrorsPtBR, 'en-US': apiErrorsEnUS, 'es-ES': apiErrorsEsES } as const;
const keys = Object.keys(apiErrorsPtBR).sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** Every .ts file under these folders (the code that can answer an API error). */
function sources(...dirs: string[]): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : walk(full);
      return full.endsWith('.ts') ? [full] : [];
    });
  return dirs.flatMap((dir) => walk(path.join(root, dir)));
}

describe('API error catalogues', () => {
  it.each(['en-US', 'es-ES'] as const)('%s has exactly the keys of pt-BR, none empty', (language) => {
    const catalogue: Record<string, string> = catalogues[language];
    expect(Object.keys(catalogue).sort()).toEqual(keys);
    for (const key of keys) expect(catalogue[key]?.trim(), `${language} ${key}`).toBeTruthy();
  });

  it.each(['en-US', 'es-ES'] as const)('%s keeps every placeholder of pt-BR', (language) => {
    const catalogue: Record<string, string> = catalogues[language];
    for (const key of keys)
      expect(placeholders(catalogue[key]!), `${language} ${key}`).toEqual(
        placeholders((apiErrorsPtBR as Record<string, string>)[key]!),
      );
  });

  it('names codes in UPPER_SNAKE and variants as <code>_<lowercase context>', () => {
    for (const key of keys) {
      const variant = /^([A-Z][A-Z0-9_]*[A-Z0-9])_([a-z]+)$/.exec(key);
      if (variant) expect(keys, `variant ${key} of an unknown code`).toContain(variant[1]);
      else expect(key).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    }
  });

  it('has a message for every code and variant the server code can answer with', () => {
    const files = sources('lambdas', 'shared', 'infra/local');
    const codes = new Set<string>([
      ...Object.values(ErrorCode),
      ...Object.values(AI_ERROR_CODES),
      ...Object.values(UploadErrorCode),
    ]);
    const contexts = new Set<string>();
    const codePatterns = [
      /new (?:BadRequest|NotFound|Conflict|Forbidden)\(\s*'([A-Z_]+)'/g,
      /new (?:AppError|AiProviderError)\(\s*\d+,\s*'([A-Z_]+)'/g,
      /super\(\s*\d+,\s*'([A-Z_]+)'/g,
      /(?:errorResult|sendError)\([^)]*?'([A-Z][A-Z_]+)'/g,
    ];
    for (const file of files) {
      if (file.includes(`${path.sep}i18n${path.sep}`)) continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of codePatterns) for (const match of text.matchAll(pattern)) codes.add(match[1]!);
      for (const match of text.matchAll(/context: '([a-z]+)'/g)) contexts.add(match[1]!);
    }
    // The scan must see the codes thrown across the code base, not an empty set.
    expect(codes.size).toBeGreaterThan(60);
    for (const code of codes)
      if (/^[A-Z]+_[A-Z_]+$|^[A-Z]+$/.test(code) && !/^(?:GET|POST|PUT|DELETE|PATCH)$/.test(code))
        expect(keys, `code ${code}`).toContain(code);
    for (const context of contexts)
      expect(
        keys.some((key) => key.endsWith(`_${context}`)),
        `context ${context}`,
      ).toBe(true);
  });
});

describe('API error answers', () => {
  it('carry a stable code, its params and the pt-BR text', () => {
    const error = new Conflict('ORDER_NOT_DELIVERED', { context: 'rate' });
    expect(error).toMatchObject({
      status: 409,
      code: 'ORDER_NOT_DELIVERED',
      message: 'Avalie depois da entrega.',
    });
    const answer = errorResult(402, 'INSUFFICIENT_FUNDS', { context: 'coins', amount: 1500 });
    expect(JSON.parse(answer.body as string)).toEqual({
      error: {
        code: 'INSUFFICIENT_FUNDS',
        params: { context: 'coins', amount: 1500 },
        message:
          'Gerar uma música custa 1.500 5D Coins e seu saldo não cobre. Assine um plano ou compre 5D Coins para continuar.',
      },
    });
  });

  it('read the same code in each language, numbers and money in its format', () => {
    const params = { minimum: 25.5 };
    expect(formatApiError(apiErrorsPtBR, 'OFFER_BELOW_MINIMUM', params, 'pt-BR')).toBe(
      'A oferta mínima para este beat é R$\u00a025,50.',
    );
    expect(formatApiError(apiErrorsEnUS, 'OFFER_BELOW_MINIMUM', params, 'en-US')).toBe(
      'The minimum offer for this beat is R$25.50.',
    );
    expect(formatApiError(apiErrorsEsES, 'OFFER_BELOW_MINIMUM', params, 'es-ES')).toMatch(
      /^La oferta mínima para este beat es 25,50\s(R\$|BRL)\.$/,
    );
    expect(
      formatApiError(apiErrorsEnUS, 'INSUFFICIENT_FUNDS', { context: 'plan', amount: 1500 }, 'en-US'),
    ).toMatch(/does not cover 1,500 5D Coins per generation/);
  });

  it('fall back to the code’s base text for an unknown variant, and to nothing for an unknown code', () => {
    expect(new BadRequest('INVALID_COUPON', { context: 'nonsense' }).message).toBe('Cupom inválido.');
    expect(formatApiError(apiErrorsPtBR, 'NO_SUCH_CODE')).toBeUndefined();
    expect(new InsufficientFunds().message).toBe('Saldo de 5D Coins insuficiente.');
    expect(new AppError(503, 'AI_KEY_REQUIRED', { setting: 'OPENAI_API_KEY' }).message).toMatch(
      /Operador: defina OPENAI_API_KEY\.$/,
    );
  });
});
