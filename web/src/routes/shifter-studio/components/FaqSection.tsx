import { useId, useState } from 'react';
import type { SiteT } from '../../../i18n/studio-site';
import { ChevronIcon, Section } from './ui';

const QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'] as const;

/** Single-open accordion: opening one question closes the one that was open. */
export function FaqSection({ t }: { t: SiteT }) {
  const [open, setOpen] = useState<string | null>(null);
  const id = useId();

  return (
    <Section id="faq" title={t('studio.faq.title')}>
      <ul className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
        {QUESTIONS.map((question) => {
          const expanded = open === question;
          return (
            <li key={question}>
              <h3>
                <button
                  type="button"
                  id={`${id}-${question}`}
                  aria-expanded={expanded}
                  aria-controls={`${id}-${question}-panel`}
                  onClick={() => setOpen(expanded ? null : question)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-white hover:bg-white/5"
                >
                  {t(`studio.faq.items.${question}`)}
                  <span className={`transition ${expanded ? 'rotate-180' : ''}`}>
                    <ChevronIcon direction="down" />
                  </span>
                </button>
              </h3>
              <div
                id={`${id}-${question}-panel`}
                role="region"
                aria-labelledby={`${id}-${question}`}
                hidden={!expanded}
                className="px-5 pb-5 text-zinc-300"
              >
                {t('studio.faq.placeholder')}
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
