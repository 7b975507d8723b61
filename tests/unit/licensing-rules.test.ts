import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import {
  acapellaRange,
  compatibleKeys,
  keyMatches,
  normalizeKey,
  parseKey,
  tempoMatch,
} from '../../shared/licensing/key-bpm';
import {
  applyCoupon,
  CouponInput,
  creditLine,
  defaultTiers,
  LicenceCheckoutRequest,
  LicenceSettingsRequest,
  LicenceTerms,
  termLines,
  type Coupon,
} from '../../shared/licensing/tiers';
import { matchesConditions } from '../../lambdas/_lib/catalogue/conditions';
import { bpmRanges, queryKeys } from '../../lambdas/_lib/catalogue/query-terms';
import { catalogueQueryFrom, CatalogueQueryParams } from '../../shared/schemas/catalogue';
import { DEFAULT_CREDIT, defaultCreditLabel } from '../../shared/licensing/credit';
import { renderAgreement } from '../../lambdas/_lib/licensing/agreement';
import type { LicenceRecord } from '../../lambdas/_lib/licensing/store';

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  code: 'OFF',
  kind: 'percent',
  value: 25,
  expires_at: null,
  max_uses: null,
  tiers: [],
  creator_id: 'c',
  uses: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  active: true,
  ...over,
});

describe('licence tiers and coupons', () => {
  it('defaults: MP3 at the listed price, WAV and Trackout dearer, Exclusive off, unlimited exclusive terms', () => {
    const tiers = defaultTiers(40);
    expect([tiers.mp3.price, tiers.wav.price, tiers.trackout.price, tiers.exclusive.price]).toEqual([
      40, 60, 120, 400,
    ]);
    expect(tiers.exclusive.enabled).toBe(false);
    expect(tiers.exclusive.terms.audio_streams).toBeNull();
    expect(termLines(tiers.mp3.terms, 'DJ X')).toContainEqual(['Crédito obrigatório', 'Prod. por DJ X']);
  });

  it('the default credit is a kind read in the reader language; old rows with its pt-BR text too', () => {
    const terms = defaultTiers(40).mp3.terms;
    expect(terms.credit_line).toBe(DEFAULT_CREDIT);
    expect(creditLine(terms, 'DJ X', 'en-US')).toBe('Prod. by DJ X');
    expect(creditLine(terms, 'DJ X', 'es-ES')).toBe('Prod. por DJ X');
    expect(creditLine(terms, 'DJ X')).toBe('Prod. por DJ X');
    // Stored before the default was a kind.
    expect(creditLine({ credit_line: 'Prod. por {creator}' }, 'DJ X', 'en-US')).toBe('Prod. by DJ X');
    expect(LicenceTerms.parse({ ...terms, credit_line: 'Prod. by {creator}' }).credit_line).toBe(
      DEFAULT_CREDIT,
    );
    // A creator's own credit is theirs, in every language.
    expect(creditLine({ credit_line: 'Beat por {creator}' }, 'DJ X', 'en-US')).toBe('Beat por DJ X');
    expect(defaultCreditLabel('Beat por {creator}', 'DJ X')).toBeUndefined();
    expect(defaultCreditLabel(DEFAULT_CREDIT, 'DJ X')).toEqual({
      kind: 'produced_by',
      params: { creator: 'DJ X' },
    });
  });

  it('applies percent and fixed coupons, never below R$ 1, and refuses expired/exhausted/other tiers', () => {
    expect(applyCoupon(100, coupon(), 'wav')).toEqual({ ok: true, amount: 75, discount: 25 });
    expect(applyCoupon(19.99, coupon({ kind: 'fixed', value: 5 }), 'mp3')).toEqual({
      ok: true,
      amount: 14.99,
      discount: 5,
    });
    expect(applyCoupon(10, coupon({ kind: 'fixed', value: 50 }), 'mp3')).toEqual({
      ok: true,
      amount: 1,
      discount: 9,
    });
    const now = new Date('2026-06-01T00:00:00Z');
    expect(applyCoupon(10, coupon({ expires_at: '2026-05-31T23:59:59Z' }), 'mp3', now)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(applyCoupon(10, coupon({ max_uses: 2, uses: 2 }), 'mp3')).toEqual({
      ok: false,
      reason: 'exhausted',
    });
    expect(applyCoupon(10, coupon({ tiers: ['wav'] }), 'mp3')).toEqual({ ok: false, reason: 'tier' });
    expect(applyCoupon(10, coupon({ active: false }), 'mp3')).toEqual({ ok: false, reason: 'inactive' });
  });

  it('validates coupon input and the licence checkout request', () => {
    expect(CouponInput.parse({ code: 'summer-10', kind: 'percent', value: 10 }).code).toBe('SUMMER-10');
    expect(CouponInput.safeParse({ code: 'x', kind: 'percent', value: 10 }).success).toBe(false);
    expect(CouponInput.safeParse({ code: 'ABC', kind: 'percent', value: 120 }).success).toBe(false);
    expect(LicenceCheckoutRequest.safeParse({ projectId: 'p', tier: 'gold' }).success).toBe(false);
    expect(LicenceCheckoutRequest.parse({ projectId: 'p', tier: 'wav', coupon: ' abc ' }).coupon).toBe('ABC');
  });

  it("a creator's invalid tiers, coupon or offer floor is refused by an error code, never zod's English", () => {
    const tiers = defaultTiers(50);
    const messages = (result: { error?: { issues: { message: string }[] } }) =>
      (result.error?.issues ?? []).map((issue) => issue.message);
    const refused = [
      ...messages(LicenceSettingsRequest.safeParse({ tiers, min_offer: 0 })),
      ...messages(LicenceSettingsRequest.safeParse({ tiers, min_offer: 'trinta' })),
      ...messages(
        LicenceSettingsRequest.safeParse({
          tiers: { ...tiers, mp3: { ...tiers.mp3, terms: { ...tiers.mp3.terms, audio_streams: -1 } } },
        }),
      ),
      ...messages(
        LicenceSettingsRequest.safeParse({
          tiers: { ...tiers, wav: { ...tiers.wav, terms: { ...tiers.wav.terms, music_videos: 1.5 } } },
        }),
      ),
      ...messages(CouponInput.safeParse({ code: 'ABC', kind: 'percent', value: 10, max_uses: 0 })),
      ...messages(CouponInput.safeParse({ code: 'ABC', kind: 'percent', value: 10, max_uses: 2.5 })),
      ...messages(CouponInput.safeParse({ code: 'ABC', kind: 'half', value: 10, tiers: ['gold'] })),
      ...messages(LicenceCheckoutRequest.safeParse({ projectId: 'p', tier: 'gold' })),
    ];
    expect(refused.length).toBeGreaterThanOrEqual(9);
    // Each message is a code of the API error catalogue: the reader sees it in their language.
    expect(refused.filter((m) => !Object.hasOwn(apiErrorsPtBR, m))).toEqual([]);
    expect(messages(CouponInput.safeParse({ code: 'ABC', kind: 'fixed', value: 10, max_uses: 0 }))).toEqual([
      'COUPON_USES_INVALID',
    ]);
    expect(messages(LicenceSettingsRequest.safeParse({ tiers, min_offer: 0 }))).toEqual([
      'MIN_OFFER_TOO_LOW',
    ]);
  });
});

describe('key and tempo matching', () => {
  it('parses key spellings', () => {
    expect(normalizeKey('Am')).toBe('A minor');
    expect(normalizeKey('Bb maior')).toBe('A# major');
    expect(normalizeKey('c#m')).toBe('C# minor');
    expect(normalizeKey('F# minor')).toBe('F# minor');
    expect(parseKey('H dur')).toBeUndefined();
    expect(parseKey('')).toBeUndefined();
  });

  it('compatible keys: same, relative, a fifth up and down', () => {
    expect(compatibleKeys('A minor')).toEqual(['A minor', 'C major', 'E minor', 'D minor']);
    expect(compatibleKeys('C major')).toEqual(['C major', 'A minor', 'G major', 'F major']);
    expect(keyMatches('C major', 'Am', true)).toBe(true);
    expect(keyMatches('C major', 'Am', false)).toBe(false);
    expect(keyMatches('F# major', 'Am', true)).toBe(false);
  });

  it('tempo: direct, half and double matches', () => {
    expect(tempoMatch(140, 135, 145, true)).toBe('direct');
    expect(tempoMatch(140, 68, 72, true)).toBe('half');
    expect(tempoMatch(70, 138, 142, true)).toBe('double');
    expect(tempoMatch(140, 68, 72, false)).toBeNull();
    expect(acapellaRange(70)).toEqual({ min: 67, max: 73 });
  });

  it('the catalogue finds beats by key (compatible) and by half/double tempo', () => {
    const beats = [
      { title: 'a', bpm: 140, key: 'A minor' },
      { title: 'b', bpm: 70, key: 'C major' },
      { title: 'c', bpm: 140, key: 'F# major' },
      { title: 'd', bpm: 100, key: 'A minor' },
      { title: 'e', bpm: 140, key: null },
    ];
    // The catalogue's rule (lambdas/_lib/catalogue): the key list and the BPM ranges of the query.
    const titles = (params: Record<string, string>) => {
      const query = catalogueQueryFrom(CatalogueQueryParams.parse(params));
      const keys = queryKeys(query);
      const ranges = bpmRanges(query);
      return beats
        .filter(
          (beat) =>
            keys.length === 0 || matchesConditions(beat, [{ kind: 'in', attribute: 'key', values: keys }]),
        )
        .filter((beat) => matchesConditions(beat, [{ kind: 'bpmAny', ranges }]))
        .map((beat) => beat.title)
        .sort();
    };
    expect(titles({ bpm_min: '68', bpm_max: '72' })).toEqual(['b']);
    expect(titles({ bpm_min: '68', bpm_max: '72', half_double: '1' })).toEqual(['a', 'b', 'c', 'e']);
    expect(titles({ bpm_min: '68', bpm_max: '72', half_double: '1', key: 'Am' })).toEqual(['a']);
    expect(titles({ bpm_min: '68', bpm_max: '72', half_double: '1', key: 'Am', compatible: '1' })).toEqual([
      'a',
      'b',
    ]);
  });
});

/** A WAV lease of a beat, sold at its list price; each test changes what it looks at. */
function licenceRecord(overrides: Partial<LicenceRecord>): LicenceRecord {
  return {
    order_id: '01JORDER',
    purchase_id: 'p1',
    project_id: 'proj1',
    project_title: 'Beat',
    tier: 'wav',
    terms: defaultTiers(10).wav.terms,
    list_price: 1000,
    amount: 1000,
    coupon: null,
    offer_id: null,
    buyer_id: 'buyer',
    buyer_name: 'Ana Cantora',
    creator_id: 'creator',
    creator_name: 'DJ Prod',
    ai_stems: false,
    created_at: '2026-11-25T12:00:00.000Z',
    checkout_session_id: 'cs_1',
    agreement_key: 'licences/01JORDER.pdf',
    ...overrides,
  };
}

describe('licence agreement PDF', () => {
  it('renders parties, beat, tier, terms, price, date, order id and earlier leases (pdf-lib)', async () => {
    const base = licenceRecord({
      project_title: 'Noite de Verão 🌙',
      tier: 'exclusive',
      terms: defaultTiers(10).exclusive.terms,
      amount: 900,
      coupon: 'OFF10',
    });
    const lease = {
      ...base,
      order_id: '01JLEASE',
      tier: 'mp3' as const,
      created_at: '2026-11-20T12:00:00.000Z',
    };
    const bytes = await renderAgreement(base, [lease]);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('ascii')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getSubject()).toBe('Pedido: 01JORDER');
    expect(doc.getTitle()).toContain('Noite de Verão ?');
  });

  it("is written in the buyer's language, chosen at checkout (pt-BR for licences sold before)", async () => {
    const licence = licenceRecord({ project_title: 'Night Drive', buyer_name: 'Ann' });
    const read = async (language?: 'en-US' | 'es-ES') =>
      PDFDocument.load(await renderAgreement(language ? { ...licence, language } : licence, []));
    const english = await read('en-US');
    expect(english.getTitle()).toBe('Licence agreement — Night Drive');
    expect(english.getSubject()).toBe('Order: 01JORDER');
    expect((await read('es-ES')).getTitle()).toBe('Contrato de licencia — Night Drive');
    expect((await read()).getTitle()).toBe('Contrato de licença — Night Drive');
  });

  it("lists the terms in the buyer's language with numbers written their way", () => {
    const terms = { ...defaultTiers(10).wav.terms, distribution_copies: 100_000, live_performances: false };
    expect(termLines(terms, 'DJ X', 'en-US')).toContainEqual(['Distributed copies', '100,000']);
    expect(termLines(terms, 'DJ X', 'es-ES')).toContainEqual(['Actuaciones en directo', 'No permitidas']);
    expect(termLines(terms, 'DJ X')).toContainEqual(['Cópias distribuídas', '100.000']);
  });
});
