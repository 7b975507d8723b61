import { useState } from 'react';
import { Link } from 'react-router-dom';
import { STUDIO_PLANS, type BillingPeriod } from '../../../../../shared/schemas/studio';
import type { SiteT } from '../../../i18n/studio-site';
import { primaryLink, Section } from './ui';
import { formatWholeUsd } from '../../../lib/format';

/** Four plans with their real monthly / quarterly prices; 'Choose Plan' carries the plan to the booking form. */
export function PlansSection({ t, language }: { t: SiteT; language: string }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');

  return (
    <Section id="plans" title={t('studio.plans.title')} lead={t('studio.plans.lead')}>
      <div
        role="group"
        aria-label={t('studio.plans.periodLabel')}
        className="inline-flex rounded-xl border border-white/15 bg-zinc-900 p-1"
      >
        {(['monthly', 'quarterly'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={period === value}
            onClick={() => setPeriod(value)}
            className={`h-10 rounded-lg px-4 text-sm font-semibold transition ${
              period === value ? 'bg-white text-zinc-900' : 'text-zinc-300 hover:text-white'
            }`}
          >
            {t(`studio.plans.${value}`)}
          </button>
        ))}
      </div>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {STUDIO_PLANS.map((plan) => (
          <li
            key={plan.key}
            data-plan={plan.key}
            className={`flex flex-col rounded-2xl border p-6 ${
              plan.key === 'pro'
                ? 'border-fuchsia-400/60 bg-fuchsia-950/30'
                : 'border-white/10 bg-zinc-900/70'
            }`}
          >
            <h3 className="text-lg font-semibold text-white">{t(`studio.plans.items.${plan.key}.name`)}</h3>
            <p className="mt-4">
              <span className="text-4xl font-bold text-white" data-testid="plan-price">
                {formatWholeUsd(period === 'monthly' ? plan.monthly : plan.quarterly, language)}
              </span>
              <span className="text-zinc-400">
                {period === 'monthly' ? t('studio.plans.perMonth') : t('studio.plans.perQuarter')}
              </span>
            </p>
            <p className="mt-4 flex-1 text-sm text-zinc-300">
              {t(`studio.plans.items.${plan.key}.description`)}
            </p>
            <Link
              to={{ search: `?plan=${plan.key}`, hash: '#booking' }}
              preventScrollReset
              className={`${primaryLink} mt-6`}
              aria-label={t('studio.plans.chooseLabel', { plan: t(`studio.plans.items.${plan.key}.name`) })}
            >
              {t('studio.plans.choose')}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
