import { useState } from 'react';
import type { SiteT } from '../../../i18n/studio-site';
import { STUDIO_LINKS } from './links';
import { ChevronIcon, primaryLink, secondaryLink, Section } from './ui';

const PERKS = ['feedback', 'collab', 'release', 'discord'] as const;
const QUOTES = ['q1', 'q2', 'q3'] as const;

export function CommunitySection({ t }: { t: SiteT }) {
  const [quote, setQuote] = useState(0);
  const go = (step: number) => setQuote((current) => (current + step + QUOTES.length) % QUOTES.length);
  const current = QUOTES[quote] ?? 'q1';

  return (
    <Section id="community" title={t('studio.community.title')} lead={t('studio.community.lead')}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PERKS.map((perk) => (
          <li key={perk} className="rounded-2xl border border-white/10 bg-zinc-900/70 p-5">
            <h3 className="font-semibold text-white">{t(`studio.community.perks.${perk}.title`)}</h3>
            <p className="mt-2 text-sm text-zinc-300">{t(`studio.community.perks.${perk}.text`)}</p>
          </li>
        ))}
      </ul>
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label={t('studio.community.testimonialsLabel')}
        className="mt-10 rounded-2xl border border-white/10 bg-gradient-to-br from-violet-950/60 to-zinc-900 p-6 sm:p-10"
      >
        <figure aria-live="polite" className="min-h-28">
          <blockquote className="text-xl text-white sm:text-2xl">
            “{t(`studio.community.quotes.${current}.text`)}”
          </blockquote>
          <figcaption className="mt-4 text-zinc-300">
            — {t(`studio.community.quotes.${current}.author`)}
          </figcaption>
        </figure>
        <div className="mt-6 flex items-center gap-3">
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t('studio.community.previous')}
            className="inline-flex size-10 items-center justify-center rounded-full border border-white/15 text-white hover:bg-white/10"
          >
            <ChevronIcon direction="left" />
          </button>
          <div className="flex gap-1">
            {QUOTES.map((key, position) => (
              <button
                key={key}
                type="button"
                onClick={() => setQuote(position)}
                aria-label={t('studio.community.showQuote', { number: position + 1 })}
                aria-pressed={position === quote}
                className="inline-flex size-6 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={`size-2.5 rounded-full ${position === quote ? 'bg-fuchsia-400' : 'bg-white/40'}`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t('studio.community.next')}
            className="inline-flex size-10 items-center justify-center rounded-full border border-white/15 text-white hover:bg-white/10"
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <a href="#plans" className={primaryLink}>
          {t('studio.community.join')}
        </a>
        <a href={STUDIO_LINKS.discord} target="_blank" rel="noopener noreferrer" className={secondaryLink}>
          {t('studio.community.openDiscord')}
        </a>
      </div>
    </Section>
  );
}
