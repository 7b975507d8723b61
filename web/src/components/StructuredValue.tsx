import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';

/** `loudnessRange` / `eq_high_pass` → "Loudness range" / "Eq high pass": a field name as a label. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A structured answer (an object or list from an AI tool) shown as UI: labelled rows, nested lists,
 * numbers in the reader's locale. Never as JSON text.
 */
export function StructuredValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === '') return <span className="text-zinc-500">—</span>;
  if (typeof value === 'number') return <span>{formatNumber(value, 2, i18n.resolvedLanguage)}</span>;
  if (typeof value === 'boolean') return <span>{value ? '✓' : '✗'}</span>;
  if (typeof value !== 'object') return <span className="whitespace-pre-wrap">{String(value)}</span>;
  if (Array.isArray(value))
    return (
      <ul className="list-disc space-y-1 pl-5">
        {value.map((item, index) => (
          <li key={index}>
            <StructuredValue value={item} depth={depth + 1} />
          </li>
        ))}
      </ul>
    );
  return (
    <dl className={`grid gap-x-4 gap-y-1.5 sm:grid-cols-[minmax(8rem,auto)_1fr] ${depth > 0 ? 'mt-1' : ''}`}>
      {Object.entries(value as Record<string, unknown>).map(([key, item]) => (
        <div key={key} className="contents">
          <dt className="text-zinc-400">{fieldLabel(key)}</dt>
          <dd className="text-zinc-100">
            <StructuredValue value={item} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
