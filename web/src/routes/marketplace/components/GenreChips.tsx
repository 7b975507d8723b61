import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const VISIBLE_CHIPS = 8;

interface GenreChipsProps {
  /** 'all' first, then the genres. */
  chips: readonly string[];
  value: string;
  onChange: (chip: string) => void;
}

/** The genre chip row: the first 8 chips, then a '+N' toggle that shows the rest and turns into 'Menos'. */
export function GenreChips({ chips, value, onChange }: GenreChipsProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const hidden = Math.max(0, chips.length - VISIBLE_CHIPS);
  const shown = expanded ? chips : chips.slice(0, VISIBLE_CHIPS);

  return (
    <div role="group" aria-label={t('marketplace.genresLabel')} className="flex flex-wrap gap-2">
      {shown.map((chip) => {
        const selected = chip === value;
        return (
          <button
            key={chip}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(chip)}
            className={`rounded-full border px-3 py-1.5 text-sm transition focus-visible:outline-2 focus-visible:outline-violet-400 ${
              selected
                ? 'border-violet-400 bg-violet-600 text-white'
                : 'border-white/10 bg-zinc-900 text-zinc-300 hover:border-white/30'
            }`}
          >
            {chip === 'all' ? t('marketplace.genreAll') : chip}
          </button>
        );
      })}
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-label={expanded ? undefined : t('marketplace.moreGenresLabel', { count: hidden })}
          onClick={() => setExpanded((open) => !open)}
          className="rounded-full border border-dashed border-white/20 px-3 py-1.5 text-sm text-zinc-300 hover:border-white/40 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {expanded ? t('marketplace.fewerGenres') : t('marketplace.moreGenres', { count: hidden })}
        </button>
      )}
    </div>
  );
}
