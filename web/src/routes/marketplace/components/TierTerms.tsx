import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../../../shared/i18n/language';
import { DEFAULT_CREDIT, type DefaultCreditLabel } from '../../../../../shared/licensing/credit';
import { creditLine, type LicenceTerms } from '../../../../../shared/licensing/tiers';
import { formatNumber } from '../../../lib/format';

const LIMIT_KEYS = ['distribution_copies', 'audio_streams', 'music_videos', 'radio_stations'] as const;

interface TierTermsProps {
  terms: LicenceTerms;
  /** Shows the credit line the buyer must print, with this name filled in (the API's line has it). */
  creator?: string;
  /** The tier keeps the default credit: shown in the reader's language (shared/licensing/credit.ts). */
  credit?: DefaultCreditLabel;
}

/** A licence tier's usage terms (the tier choice and the beat page). */
export function TierTerms({ terms, creator, credit: defaultCredit }: TierTermsProps) {
  const { t, i18n } = useTranslation();
  const limit = (value: number | null) => (value === null ? t('licensing.unlimited') : formatNumber(value));
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
  const credit =
    creator === undefined
      ? null
      : defaultCredit
        ? creditLine({ credit_line: DEFAULT_CREDIT }, defaultCredit.params.creator, language)
        : creditLine(terms, creator, language);
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
