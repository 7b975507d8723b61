import { describe, expect, it } from 'vitest';
import { formatApiError } from '../../shared/i18n/api-errors/format';
import apiErrorsEnUS from '../../shared/i18n/api-errors/en-US';
import { CatalogueQueryParams } from '../../shared/schemas/catalogue';
import { ValidationFailed } from '../../lambdas/_lib/errors';

/** What GET /api/projects answers for a hand-edited query: a code, the parameter, and a readable text. */
function refusal(query: Record<string, string>) {
  const result = CatalogueQueryParams.safeParse(query);
  if (result.success) throw new Error(`accepted ${JSON.stringify(query)}`);
  const error = new ValidationFailed(result.error);
  return {
    code: error.code,
    params: error.params,
    en: formatApiError(apiErrorsEnUS, error.code, error.params),
  };
}

describe('catalogue query refusals carry a code (issue 18)', () => {
  it.each([
    [
      { bpm_min: 'fast' },
      'CATALOGUE_NUMBER_INVALID',
      { field: 'bpm_min' },
      'Catalogue search: “bpm_min” must be a number.',
    ],
    [
      { bpm_max: '900' },
      'CATALOGUE_NUMBER_TOO_LARGE',
      { field: 'bpm_max', maximum: 300 },
      'Catalogue search: “bpm_max” goes up to 300.',
    ],
    [
      { limit: '0' },
      'CATALOGUE_NUMBER_TOO_SMALL',
      { field: 'limit', minimum: 1 },
      'Catalogue search: “limit” starts at 1.',
    ],
    [{ genre: 'Polka' }, 'CATALOGUE_GENRE_UNKNOWN', { field: 'genre' }, 'Catalogue search: unknown genre.'],
    [
      { creator: 'a,b,c,d,e,f' },
      'CATALOGUE_LIST_TOO_LONG',
      { field: 'creator', maximum: 5 },
      'Catalogue search: too many items in “creator”.',
    ],
    [{ key: 'H dorian' }, 'MUSICAL_KEY_INVALID', { field: 'key' }, undefined],
    [{ sort: 'random' }, 'CATALOGUE_SORT_INVALID', { field: 'sort' }, 'Catalogue search: unknown order.'],
    [
      { price_min: '50', price_max: '10' },
      'CATALOGUE_RANGE_REVERSED',
      { field: 'price_min' },
      'Catalogue search: the minimum of “price_min” is above the maximum.',
    ],
    [{ compatible: '1' }, 'CATALOGUE_COMPATIBLE_NEEDS_KEY', { field: 'compatible' }, undefined],
    [
      { utm_source: 'x' },
      'CATALOGUE_UNKNOWN_PARAMETER',
      {},
      'Catalogue search: the address has an unknown parameter.',
    ],
  ])('%j → %s', (query, code, params, en) => {
    const answer = refusal(query);
    expect(answer.code).toBe(code);
    expect(answer.params).toEqual(params);
    if (en) expect(answer.en).toBe(en);
    else expect(answer.en).toBeTruthy();
  });

  it("each issue's own text names its parameter too", () => {
    const result = CatalogueQueryParams.safeParse({ bpm_max: '900' });
    expect(result.success).toBe(false);
    expect(new ValidationFailed(result.error!).issues).toEqual([
      { path: 'bpm_max', message: 'Busca no catálogo: “bpm_max” vai até 300.' },
    ]);
  });

  it('a valid query still parses', () => {
    expect(
      CatalogueQueryParams.parse({ q: 'noite', bpm_min: '80', genre: 'Trap,Drill', sort: 'newest' }),
    ).toMatchObject({
      bpm_min: 80,
      genre: ['Trap', 'Drill'],
    });
  });
});
