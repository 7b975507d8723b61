import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCheckoutReturn } from '../../components/checkout/use-checkout-return';
import { useHydrated } from '../../lib/hydration';

// Below the hero and heavier than it: its own chunk, so the hero paints first.
const PricingSection = lazy(async () => ({
  default: (await import('../../components/pricing/PricingSection')).PricingSection,
}));

// Testimonials and footer (issue 9), also below the fold.
const BelowTheFold = lazy(() => import('./components/BelowTheFold'));

function HomePage() {
  const { t } = useTranslation();
  // The build prerenders the hero (web/prerender); the sections below load once the page is hydrated.
  const hydrated = useHydrated();
  // A plan's checkout cancelled at Stripe comes back here (/?checkout=cancel#pricing).
  useCheckoutReturn('plan');
  const pricingPlaceholder = <div aria-hidden="true" className="mt-16 min-h-96" />;
  return (
    <>
      <section className="relative overflow-hidden rounded-3xl border border-white/10 bg-gradient-to-br from-violet-950/60 via-zinc-950 to-fuchsia-950/40 px-6 py-16 sm:px-12 sm:py-24">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 size-80 rounded-full bg-fuchsia-600/20 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-600/20 blur-3xl"
        />
        <div className="relative max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1 text-xs font-medium uppercase tracking-wider text-violet-200">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-fuchsia-400" />
            {t('home.badge')}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-white sm:text-6xl">{t('home.title')}</h1>
          <p className="mt-5 text-lg leading-relaxed text-zinc-300">{t('home.tagline')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/marketplace"
              className="inline-flex h-11 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-6 font-semibold text-white shadow-lg shadow-violet-900/40 transition hover:brightness-110"
            >
              {t('home.cta')}
            </Link>
            <Link
              to="/auth?type=creator"
              className="inline-flex h-11 items-center rounded-xl border border-white/15 bg-white/5 px-6 font-semibold text-zinc-100 transition hover:bg-white/10"
            >
              {t('home.creatorCta')}
            </Link>
          </div>
        </div>
      </section>
      {hydrated ? (
        <>
          <Suspense fallback={pricingPlaceholder}>
            <PricingSection />
          </Suspense>
          <Suspense fallback={null}>
            <BelowTheFold />
          </Suspense>
        </>
      ) : (
        pricingPlaceholder
      )}
    </>
  );
}

export { HomePage as Component };
