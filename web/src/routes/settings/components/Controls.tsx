import { useId, type ReactNode } from 'react';

/** A labelled on/off switch (button role="switch"). */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    // Below xl the settings column reaches the corner of the floating chat button (ChatLauncher: 56 px at
    // 16–24 px from the edge): the switch keeps out of that column, so it is never under the button.
    <div className="flex items-center justify-between gap-4 py-3 pr-14 xl:pr-0">
      <div>
        <p id={`${id}-label`} className="font-medium text-zinc-100">
          {label}
        </p>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-zinc-400">
            {hint}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition disabled:opacity-50 ${
          checked ? 'bg-violet-500' : 'bg-zinc-700'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-zinc-50 shadow transition ${checked ? 'translate-x-6' : 'translate-x-1'}`}
          style={{ backgroundColor: '#fff' }}
        />
      </button>
    </div>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-white/10 bg-zinc-900/60 p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <div className="mt-2 divide-y divide-white/5">{children}</div>
    </section>
  );
}

export const inputClass =
  'mt-1 h-10 w-full rounded-xl border border-white/10 bg-zinc-950 px-3 text-zinc-100 placeholder:text-zinc-500 disabled:opacity-60';
export const buttonClass =
  'inline-flex h-10 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 text-sm font-semibold text-white transition enabled:hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50';
export const secondaryButtonClass =
  'inline-flex h-10 items-center rounded-xl border border-white/15 px-4 text-sm font-medium text-zinc-100 transition hover:bg-white/5 disabled:opacity-50';
