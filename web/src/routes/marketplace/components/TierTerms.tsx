import { useTranslation } from 'react-i18next';
import { creditLine, type LicenceTerms } from '../../../../../shared/licensing/tiers';
import { formatNumber } from '../../../lib/format';

const LIMIT_KEYS = ['distribution_copies', 'audio_streams', 'music_videos', 'radio_stations'] as const;

/**
 * A licence tier's usage terms (the tier choice and the beat page). With `creator`, the credit line the
 * buyer must print is shown too, with the creator's name filled in.
 */
export function TierTerms({ terms, creator }: { terms: LicenceTerms; creator?: string }) {
  const { t } = useTranslation();
  const limit = (value: number | null) => (value === null ? t('licensing.unlimited') : formatNumber(value));
  const credit = creator === undefined ? null : creditLine(terms, creator);
  return (
    <ul className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-zinc-400">
      {LIMIT_KEYS.map((key) => (
        <li key={key}>
          {t(`licensing.terms.${key}`)}: <span className="text-zinc-200">{limit(terms[key])}</span>
        </li>
      ))}
      <li>
        {t('licensing.terms.live_performances')}:{' '}
        <span className="text-zinc-200">
          {terms.live_performances ? t('licensing.allowed') : t('licensing.notAllowed')}
        </span>
      </li>
      {credit !== null && (
        <li className="col-span-2">
          {t('licensing.terms.credit_line')}: <span className="text-zinc-200">{credit || '—'}</span>
        </li>
      )}
    </ul>
  );
}
