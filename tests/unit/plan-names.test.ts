import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/language';
import { planName, planTierName, storedPlanName } from '../../shared/i18n/plan-names';
import { wrongLanguageReason } from '../support/language-words';
import { CHECKOUT_TIERS, PLAN_IDS } from '../../shared/plans';

describe('plan names in the reader language (issue 18)', () => {
  it('names every plan and product tier in each language, none of them Portuguese outside pt-BR', () => {
    expect(PLAN_IDS.map((id) => planName(id, 'en-US'))).toEqual(['Starter', 'Creator', 'Pro', 'Enterprise']);
    expect(PLAN_IDS.map((id) => planName(id, 'es-ES'))).toEqual(['Inicial', 'Artista', 'Pro', 'Enterprise']);
    expect(CHECKOUT_TIERS.map((tier) => planTierName(tier, 'en-US'))).toEqual([
      'ESSENTIAL',
      'PROFESSIONAL',
      'ENTERPRISE',
    ]);
    for (const language of LANGUAGES.filter((l) => l !== 'pt-BR')) {
      const names = [
        ...PLAN_IDS.map((id) => planName(id, language)),
        ...CHECKOUT_TIERS.map((tier) => planTierName(tier, language).toLowerCase()),
      ];
      for (const name of names) expect(wrongLanguageReason(name, language), name).toBeNull();
    }
  });

  it('reads a stored plan by id, alias or an older name in any language', () => {
    expect(storedPlanName('ARTISTA', 'en-US')).toBe('Creator');
    expect(storedPlanName('creator', 'pt-BR')).toBe('Artista');
    expect(storedPlanName('Iniciante', 'es-ES')).toBe('Inicial');
    expect(storedPlanName(' Starter ', 'pt-BR')).toBe('Iniciante');
    expect(storedPlanName('ESSENCIAL', 'en-US')).toBeUndefined();
    expect(storedPlanName('Gold', 'en-US')).toBeUndefined();
  });
});
