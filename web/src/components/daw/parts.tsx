import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DawId, DawInfo } from './daws';

export type ConnectionStatus = 'connected' | 'disconnected' | 'error';

export const labelClass = 'mb-1.5 block text-sm font-medium text-zinc-200';
export const fieldClass =
  'block h-11 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-zinc-100 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';

/** Connected / Disconnected (or error) badge. */
export function StatusBadge({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  const tone =
    status === 'connected'
      ? 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200'
      : status === 'error'
        ? 'border-red-400/40 bg-red-400/10 text-red-200'
        : 'border-white/15 bg-white/5 text-zinc-300';
  return (
    <span
      role="status"
      data-testid="daw-status"
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium ${tone}`}
    >
      <span
        aria-hidden="true"
        className={`h-2 w-2 rounded-full ${status === 'connected' ? 'bg-emerald-400' : status === 'error' ? 'bg-red-400' : 'bg-zinc-500'}`}
      />
      {t(`daw.status.${status}`)}
    </span>
  );
}

/** A radio group of DAW buttons. */
export function DawPicker({
  daws,
  value,
  onChange,
}: {
  daws: readonly DawInfo[];
  value: DawId;
  onChange: (id: DawId) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">{t('daw.pick')}</legend>
      <div className="flex flex-wrap gap-2">
        {daws.map((daw) => (
          <label
            key={daw.id}
            className={`flex cursor-pointer items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm transition has-focus-visible:outline-2 has-focus-visible:outline-violet-400 ${
              value === daw.id
                ? 'border-violet-400 bg-violet-500/20 text-white'
                : 'border-white/10 text-zinc-300 hover:bg-white/5'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={daw.id}
              checked={value === daw.id}
              onChange={() => onChange(daw.id)}
              className="sr-only"
            />
            {daw.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
