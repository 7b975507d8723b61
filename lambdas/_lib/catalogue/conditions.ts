import type { Range } from '../../../shared/schemas/catalogue';

/**
 * The planner's residual conditions (lambdas/_lib/catalogue/query-terms.ts chooses them) as a DynamoDB
 * FilterExpression, and the same rules in memory (the tests compare the index's answers with a plain
 * filter of every beat). Words are matched in an entry's `txt` (` noite paulista kaio beats `): ` word `
 * is a whole word, ` pre` a word starting with `pre`.
 */

/** A condition on an entry (FilterExpression, and the same rule in memory for the tests). */
export type Condition =
  | { kind: 'in'; attribute: 'genre' | 'key' | 'creator_id'; values: string[] }
  | {
      kind: 'range';
      attribute: 'bpm' | 's_price' | 'duration_seconds' | 'rating' | 'downloads';
      range: Range;
    }
  | { kind: 'bpmAny'; ranges: Range[] }
  | { kind: 'words'; words: string[]; prefix: string | null };

export interface Expression {
  text: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

export function rangeText(
  name: string,
  range: Range,
  values: Record<string, unknown>,
  prefix: string,
): string {
  const low = `:${prefix}lo`;
  const high = `:${prefix}hi`;
  if (range.min !== undefined && range.max !== undefined) {
    values[low] = range.min;
    values[high] = range.max;
    return `${name} BETWEEN ${low} AND ${high}`;
  }
  if (range.min !== undefined) {
    values[low] = range.min;
    return `${name} >= ${low}`;
  }
  values[high] = range.max;
  return `${name} <= ${high}`;
}

/** The residual conditions as a FilterExpression. */
export function filterExpression(conditions: readonly Condition[]): Expression | undefined {
  if (conditions.length === 0) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = conditions.map((condition, index) => {
    const p = `f${index}`;
    switch (condition.kind) {
      case 'in': {
        names[`#${p}`] = condition.attribute;
        const placeholders = condition.values.map((value, n) => {
          values[`:${p}v${n}`] = value;
          return `:${p}v${n}`;
        });
        return `#${p} IN (${placeholders.join(', ')})`;
      }
      case 'range':
        names[`#${p}`] = condition.attribute;
        return rangeText(`#${p}`, condition.range, values, p);
      case 'bpmAny':
        names[`#${p}`] = 'bpm';
        return `(${condition.ranges.map((range, n) => rangeText(`#${p}`, range, values, `${p}r${n}`)).join(' OR ')})`;
      case 'words': {
        names[`#${p}`] = 'txt';
        const tests = condition.words.map((word, n) => {
          values[`:${p}w${n}`] = ` ${word} `;
          return `contains(#${p}, :${p}w${n})`;
        });
        if (condition.prefix !== null) {
          values[`:${p}pre`] = ` ${condition.prefix}`;
          tests.push(`contains(#${p}, :${p}pre)`);
        }
        return tests.join(' AND ');
      }
    }
  });
  return { text: parts.join(' AND '), names, values };
}

/** The same conditions in memory (tests compare the index's answers with a plain filter). */
export function matchesConditions(card: Record<string, unknown>, conditions: readonly Condition[]): boolean {
  const inRange = (value: number, range: Range) =>
    (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);
  return conditions.every((condition) => {
    switch (condition.kind) {
      case 'in':
        return condition.values.includes(String(card[condition.attribute]));
      case 'range':
        return inRange(Number(card[condition.attribute]), condition.range);
      case 'bpmAny':
        return condition.ranges.some((range) => inRange(Number(card.bpm), range));
      case 'words': {
        const text = String(card.txt ?? '');
        return (
          condition.words.every((word) => text.includes(` ${word} `)) &&
          (condition.prefix === null || text.includes(` ${condition.prefix}`))
        );
      }
    }
  });
}
