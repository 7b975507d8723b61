import { failureText } from '../api/error-text';
import { textRuleMessage } from '../api/text-rule';
import type { InputHTMLAttributes, ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: ReactNode;
}

/** A labelled input; the hint is tied to it with aria-describedby. */
export function TextField({ id, label, hint, className, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hintId}
        className="block h-11 w-full rounded-lg border border-white/10 bg-zinc-900 px-3 text-zinc-100 placeholder:text-zinc-500 transition focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40 disabled:opacity-60"
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}

export const primaryButton =
  'inline-flex h-11 w-full items-center justify-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 font-semibold text-white shadow-lg shadow-violet-900/30 transition hover:brightness-110 disabled:cursor-wait disabled:opacity-70';

/** A failed request's text for the user: our API's message in their language, never a library's English. */
export function errorMessage(error: unknown, fallback: string): string {
  return textRuleMessage(error) ?? failureText(error, fallback);
}
