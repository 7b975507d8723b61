import { CHECKOUT_PLAN_NAMES, resolvePlan, type CheckoutTier, type PlanId } from '../plans';
import type { Language } from './language';

/**
 * What a reader calls each plan and each Stripe product tier. The ids (INICIANTE, PROFISSIONAL, …) are
 * the spec's and Stripe's keys; the English names are the spec's own aliases (STARTER, CREATOR). Issue
 * 18: en-US and es-ES readers saw "Iniciante" and "5D PROFISSIONAL" everywhere plans were named.
 */
const PLAN_NAMES: Readonly<Record<Language, Readonly<Record<PlanId, string>>>> = {
  'pt-BR': { INICIANTE: 'Iniciante', ARTISTA: 'Artista', PRO: 'Pro', ENTERPRISE: 'Enterprise' },
  'en-US': { INICIANTE: 'Starter', ARTISTA: 'Creator', PRO: 'Pro', ENTERPRISE: 'Enterprise' },
  'es-ES': { INICIANTE: 'Inicial', ARTISTA: 'Artista', PRO: 'Pro', ENTERPRISE: 'Enterprise' },
};

const TIER_NAMES: Readonly<Record<Language, Readonly<Record<CheckoutTier, string>>>> = {
  'pt-BR': { ESSENCIAL: 'ESSENCIAL', PROFISSIONAL: 'PROFISSIONAL', ENTERPRISE: 'ENTERPRISE' },
  'en-US': { ESSENCIAL: 'ESSENTIAL', PROFISSIONAL: 'PROFESSIONAL', ENTERPRISE: 'ENTERPRISE' },
  'es-ES': { ESSENCIAL: 'ESENCIAL', PROFISSIONAL: 'PROFESIONAL', ENTERPRISE: 'ENTERPRISE' },
};

export function planName(plan: PlanId, language: Language): string {
  return PLAN_NAMES[language][plan];
}

/**
 * Every word that names a plan, lower case: the ids and checkout aliases, and each language's name
 * ('iniciante', 'starter', 'inicial', …). Stored rows and the assistant's questions are read with it.
 */
export const PLAN_NAME_WORDS: ReadonlyMap<string, PlanId> = new Map([
  ...CHECKOUT_PLAN_NAMES.map((name) => [name.toLowerCase(), resolvePlan(name)!] as const),
  ...Object.values(PLAN_NAMES).flatMap((names) =>
    (Object.entries(names) as [PlanId, string][]).map(([id, name]) => [name.toLowerCase(), id] as const),
  ),
]);

/**
 * The reader's name for a plan as stored anywhere: an id, an alias, or a display name written by older
 * code in any language ('Artista'). Undefined when it names no plan.
 */
export function storedPlanName(stored: string, language: Language): string | undefined {
  const id = PLAN_NAME_WORDS.get(stored.trim().toLowerCase());
  return id ? planName(id, language) : undefined;
}

export function planTierName(tier: CheckoutTier, language: Language): string {
  return TIER_NAMES[language][tier];
}
