import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PLAN_IDS, PLANS, type PlanId } from '../../../../shared/plans';
import { planDisplayName } from '../../lib/plan-name';
import { apiRequest } from '../../api/client';
import { useAuth } from '../../auth/session';
import { openCheckoutTab } from '../checkout-tab';
import { countdownParts, promotionDeadline } from './countdown';
import { choosePlan } from './plan-checkout';
import { priceSchedule } from './price-schedule';
import { formatNumber, formatWholeUsd } from '../../lib/format';

// The promotion counts down from the moment this page was loaded.
const deadline = promotionDeadline(performance.timeOrigin);

function PromotionCountdown() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const parts = countdownParts(deadline, now);
  useEffect(() => {
    if (parts.done) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [parts.done]);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    <p className="text-sm text-fuchsia-100">
      {parts.done ? (
        t('pricing.ended')
      ) : (
        <>
          {t('pricing.endsIn')}{' '}
          <span role="timer" data-testid="pricing-countdown" className="font-mono font-semibold tabular-nums">
            {t('pricing.countdown', {
              d: parts.days,
              h: pad(parts.hours),
              m: pad(parts.minutes),
              s: pad(parts.seconds),
            })}
          </span>
        </>
      )}
    </p>
  );
}

/** Landing pricing section: the plans of spec section 9, the promotion, and checkout on choice. */
export function PricingSection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<PlanId | null>(null);

  // This section loads after the page, so a `#pricing` link (the checkout's cancel url) scrolls here now.
  useEffect(() => {
    if (window.location.hash === '#pricing') document.getElementById('pricing')?.scrollIntoView();
  }, []);

  async function onChoose(plan: PlanId) {
    setBusy(plan);
    await choosePlan(plan, {
      signedIn: user !== null,
      requestCheckout: (name) =>
        apiRequest<{ url?: unknown }>('/api/functions/create-checkout', {
          method: 'POST',
          body: { plan: name },
        }),
      openCheckout: (url) => {
        openCheckoutTab(url);
        // The subscription's first invoice credits coins: the header chip shows them when they land.
        if (user)
          // The query cache loads here, not with the landing page (TanStack Query is off the start path).
          void Promise.all([import('../../api/wallet'), import('../../api/query-client')]).then(
            ([wallet, { queryClient }]) => wallet.waitForCredit(queryClient, user.id),
          );
      },
      goToLogin: () => void navigate('/auth'),
      // sonner loads only when there is something to say: the landing page stays light.
      notify: (kind, title, description) =>
        void import('sonner').then(({ toast }) => toast[kind](title, { description })),
      text: (key) => t(`pricing.${key}`),
    });
    setBusy(null);
  }

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mt-16 scroll-mt-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-white">
            {t('pricing.title')}
          </h2>
          <p className="mt-2 text-zinc-400">{t('pricing.subtitle')}</p>
        </div>
        <div className="rounded-2xl border border-fuchsia-400/30 bg-fuchsia-500/10 px-4 py-3">
          <p className="font-semibold text-white">{t('pricing.promotion')}</p>
          <PromotionCountdown />
        </div>
      </div>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const schedule = priceSchedule(id);
          const popular = id === 'ARTISTA';
          const features = [
            t('pricing.coins', { coins: plan.monthlyCoins }),
            plan.maxProjects === null
              ? t('pricing.unlimitedProjects')
              : t('pricing.projects', { count: plan.maxProjects }),
            plan.monthlyGenerations === null
              ? t('pricing.unlimitedGenerations')
              : t('pricing.generations', { count: plan.monthlyGenerations }),
          ];
          if (plan.savingsPercent !== null) {
            features.push(t('pricing.savings', { percent: formatNumber(plan.savingsPercent, 1) }));
          }
          return (
            <li
              key={id}
              aria-labelledby={`plan-${id}`}
              className={`flex flex-col rounded-2xl border p-5 ${popular ? 'border-violet-400/60 bg-violet-500/10' : 'border-white/10 bg-zinc-900/60'}`}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 id={`plan-${id}`} className="text-lg font-semibold text-white">
                  {planDisplayName(id)}
                </h3>
                {popular && (
                  <span className="whitespace-nowrap rounded-full bg-violet-600 px-2.5 py-0.5 text-xs font-semibold text-white">
                    {t('pricing.popular')}
                  </span>
                )}
              </div>
              <p
                className={`mt-4 font-bold whitespace-nowrap text-white ${schedule ? 'text-3xl' : 'text-2xl leading-9'}`}
              >
                {schedule ? formatWholeUsd(schedule.intro) : t('pricing.onRequest')}
                {schedule && (
                  <span className="text-base font-normal text-zinc-400">{t('pricing.perMonth')}</span>
                )}
              </p>
              <p className="mt-1 min-h-10 text-sm text-zinc-400">
                {schedule?.regular !== undefined &&
                  t(schedule.introMonths === 1 ? 'pricing.firstMonth' : 'pricing.firstTwoMonths', {
                    price: formatWholeUsd(schedule.regular),
                  })}
              </p>
              <ul className="mt-5 flex-1 space-y-2 text-sm text-zinc-300">
                {features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="text-violet-300">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                onClick={() => void onChoose(id)}
                disabled={busy !== null}
                className={`mt-6 h-11 rounded-lg px-4 font-semibold text-white transition hover:brightness-110 disabled:cursor-wait disabled:opacity-70 ${popular ? 'bg-gradient-to-r from-violet-500 to-fuchsia-500' : 'bg-white/10'}`}
              >
                {busy === id ? (
                  t('pricing.busy')
                ) : schedule ? (
                  <>
                    {t('pricing.choose')}
                    <span className="sr-only"> {planDisplayName(id)}</span>
                  </>
                ) : (
                  t('pricing.contact')
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
