import type { ReactNode } from 'react';

export const SECTION_IDS = [
  'home',
  'studio',
  'courses',
  'community',
  'plans',
  'booking',
  'media',
  'faq',
  'contact',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const primaryLink =
  'inline-flex h-11 items-center justify-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 font-semibold text-white shadow-lg shadow-violet-900/30 transition hover:brightness-110 disabled:cursor-wait disabled:opacity-70';
export const secondaryLink =
  'inline-flex h-11 items-center justify-center rounded-xl border border-white/15 bg-white/5 px-5 font-medium text-white transition hover:bg-white/10';
export const fieldClass =
  'block w-full rounded-lg border border-white/15 bg-zinc-900 px-3 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';
export const labelClass = 'mb-1.5 block text-sm font-medium text-zinc-200';

/** One anchored section of the one-page site; the heading names it for assistive technology. */
export function Section({
  id,
  title,
  lead,
  children,
  className = '',
}: {
  id: SectionId;
  title: string;
  lead?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-16 px-4 py-20 sm:px-8 ${className}`}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        {lead && <p className="mt-3 max-w-2xl text-zinc-300">{lead}</p>}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export function ChevronIcon({ direction }: { direction: 'left' | 'right' | 'down' }) {
  const d = { left: 'M15 18l-6-6 6-6', right: 'M9 6l6 6-6 6', down: 'M6 9l6 6 6-6' }[direction];
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
