import i18n from 'i18next';
import type { Prize } from '../../../shared/competition-prize';
import { formatRoundBRL, uiLocale } from './format';

/**
 * A competition prize in the reader's language and money format: 'R$ 5.000 + contrato de distribuição'
 * (pt-BR), 'R$5,000 + distribution contract' (en-US), '5000 R$ + contrato de distribución' (es-ES).
 * The extras' names are texts of the competitions feature (the caller loads them); an unknown prize is '—'.
 */
export function prizeText(prize: Prize | null, locale = uiLocale()): string {
  if (!prize) return '—';
  const amount = formatRoundBRL(prize.amount_brl, locale);
  if (!prize.extra) return amount;
  return i18n.t('competitions.prizeWithExtra', {
    amount,
    extra: i18n.t(`competitions.prizeExtras.${prize.extra}`, { lng: locale }),
    lng: locale,
  });
}
