import { isLanguage, type Language } from '../../../shared/i18n/language';
import { planName, storedPlanName } from '../../../shared/i18n/plan-names';
import type { PlanId } from '../../../shared/plans';
import { uiLocale } from './format';

// Components re-render on a language switch through useTranslation, so reading it at render is enough.
const language = (): Language => {
  const locale = uiLocale();
  return isLanguage(locale) ? locale : 'pt-BR';
};

/** The plan's name in the app's language ('Starter' in en-US, 'Iniciante' in pt-BR). */
export function planDisplayName(plan: PlanId): string {
  return planName(plan, language());
}

/** A stored plan (id, alias or an older display name) named in the app's language; undefined otherwise. */
export function storedPlanDisplayName(stored: string): string | undefined {
  return storedPlanName(stored, language());
}
