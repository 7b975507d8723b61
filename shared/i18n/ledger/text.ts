import type { Language } from '../language';
import { formatApiError } from '../api-errors/format';
import { storedPlanName } from '../plan-names';
import type { LedgerLabel } from './label';
import ledgerTextsPtBR, { type LedgerKind } from './pt-BR';

/**
 * The label's text from one language's catalogue, the way the web's i18next reads it; `params.of`
 * naming another kind reads as that kind's text. Undefined for a kind the catalogue lacks (a newer
 * server): the reader then sees the stored description.
 */
export function ledgerText(
  catalogue: Readonly<Record<string, string>>,
  label: LedgerLabel,
  language: Language = 'pt-BR',
): string | undefined {
  const { of, ...rest } = label.params;
  const params: Record<string, string | number> = { ...rest };
  // A plan is stored by id (older rows: its pt-BR name) and named in the reader's language.
  if (typeof params.plan === 'string') params.plan = storedPlanName(params.plan, language) ?? params.plan;
  if (of !== undefined) {
    const nested =
      typeof of === 'string' && of !== label.kind
        ? ledgerText(catalogue, { kind: of, params: rest }, language)
        : undefined;
    params.of = nested ?? of;
  }
  return formatApiError(catalogue, label.kind, params, language);
}

/** The pt-BR text stored beside the label (operators, logs, clients that predate labels). */
export function ledgerDescription(label: LedgerLabel): string {
  return ledgerText(ledgerTextsPtBR, label) ?? label.kind;
}

// ---------------------------------------------------------------------------------------------------
// Rows written before labels: their pt-BR description is read back into a label.

const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)(?:\(\w+\))?\s*)?\}\}/g;
/** Whole numbers as the old code wrote them (`${coins}`) or as pt-BR formats them (1.000). */
const NUMBER = String.raw`(\d{1,3}(?:\.\d{3})+|\d+)`;

interface OldTextPattern {
  kind: LedgerKind;
  regex: RegExp;
  params: { name: string; numeric: boolean }[];
  literal: number;
}

function patternOf(kind: LedgerKind, template: string): OldTextPattern {
  const params: OldTextPattern['params'] = [];
  let source = '';
  let literal = 0;
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const text = template.slice(last, match.index);
    source += text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    literal += text.length;
    const numeric = match[2] === 'number';
    params.push({ name: match[1]!, numeric });
    source += numeric ? NUMBER : '(.+)';
    last = match.index + match[0].length;
  }
  const tail = template.slice(last);
  source += tail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  literal += tail.length;
  return { kind, regex: new RegExp(`^${source}$`), params, literal };
}

// The most specific text first: 'Reembolso: 5 5D Coins estornadas' is a coins refund, not `refund`.
const OLD_PATTERNS: OldTextPattern[] = (Object.entries(ledgerTextsPtBR) as [LedgerKind, string][])
  .map(([kind, template]) => patternOf(kind, template))
  .sort((a, b) => a.params.length - b.params.length || b.literal - a.literal);

/**
 * The label of a description stored before entries had labels (the pt-BR texts the old code wrote,
 * which are this catalogue's texts), or undefined when the text is none of them: the reader then sees
 * the stored text as it is.
 */
export function labelFromDescription(description: string, depth = 0): LedgerLabel | undefined {
  const text = description.trim();
  for (const pattern of OLD_PATTERNS) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const params: Record<string, string | number> = {};
    pattern.params.forEach(({ name, numeric }, index) => {
      const value = match[index + 1]!;
      params[name] = numeric ? Number(value.replace(/\./g, '')) : value;
    });
    if (typeof params.of === 'string' && depth === 0) {
      // 'Reembolso: Geração de música': the refunded entry is itself a known kind.
      const inner = labelFromDescription(params.of, depth + 1);
      if (inner && Object.keys(inner.params).length === 0) params.of = inner.kind;
    }
    return { kind: pattern.kind, params };
  }
  return undefined;
}
