import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { StudioService } from '../../../../shared/schemas/studio';
import { SiteTextGate } from '../../i18n/SiteTextGate';
import { useSiteText } from '../../i18n/studio-site';
import { BookingSection } from './components/BookingSection';
import { CommunitySection } from './components/CommunitySection';
import { ContactSection } from './components/ContactSection';
import { CookieNotice } from './components/CookieNotice';
import { CoursesSection } from './components/CoursesSection';
import { FaqSection } from './components/FaqSection';
import { FloatingBar } from './components/FloatingBar';
import { HomeSection } from './components/HomeSection';
import { STUDIO_LINKS } from './components/links';
import { MediaSection } from './components/MediaSection';
import { PlansSection } from './components/PlansSection';
import { StudioFooter } from './components/StudioFooter';
import { StudioNav } from './components/StudioNav';
import { StudioSection } from './components/StudioSection';
import { SECTION_IDS } from './components/ui';
import { useActiveSection, useScrolledPast } from './hooks/useActiveSection';
import { usePageMetadata } from './hooks/usePageMetadata';

/** schema.org data for search engines: the organisation and the studio as a local business. */
function structuredData(description: string) {
  const url = `${window.location.origin}/shifter-studio`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Shifter Studio',
      url,
      email: STUDIO_LINKS.email,
      sameAs: [STUDIO_LINKS.instagram, STUDIO_LINKS.youtube, STUDIO_LINKS.spotify, STUDIO_LINKS.soundcloud],
    },
    {
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Shifter Studio',
      description,
      url,
      email: STUDIO_LINKS.email,
      telephone: STUDIO_LINKS.phone,
      priceRange: '$59–$2199',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rua Augusta, 1500',
        addressLocality: 'São Paulo',
        addressRegion: 'SP',
        addressCountry: 'BR',
      },
      openingHoursSpecification: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '10:00',
        closes: '20:00',
      },
    },
  ];
}

function ShifterStudioPage() {
  const { t, ready, failed, language } = useSiteText();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const planParam = searchParams.get('plan') ?? '';
  const [plan, setPlan] = useState(planParam);
  const [planSource, setPlanSource] = useState(planParam);
  const [service, setService] = useState<StudioService>('recording');

  // ?plan= (Choose Plan) pre-fills the booking form's plan, also when it changes while the page is open.
  if (planSource !== planParam) {
    setPlanSource(planParam);
    setPlan(planParam);
  }

  const description = ready ? t('studio.meta.description') : '';
  const data = useMemo(() => structuredData(description), [description]);
  usePageMetadata(ready ? t('studio.meta.title') : 'Shifter Studio', description, data);

  const active = useActiveSection(SECTION_IDS, ready);
  const showFloatingBar = useScrolledPast('home', ready);

  // Links carrying a hash (Choose Plan, deep links) scroll to their section once it is rendered.
  useEffect(() => {
    if (!ready || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [ready, location.hash, location.search]);

  if (!ready) return <SiteTextGate ready={ready} failed={failed} />;

  return (
    <div className="min-h-screen bg-zinc-950 text-zinc-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-zinc-900"
      >
        {t('studio.skipToContent')}
      </a>
      <StudioNav t={t} active={active} />
      <main id="main">
        <HomeSection t={t} />
        <StudioSection t={t} onBook={(value) => setService(value as StudioService)} />
        <CoursesSection t={t} />
        <CommunitySection t={t} />
        <PlansSection t={t} language={language} />
        <BookingSection
          t={t}
          plan={plan}
          onPlanChange={setPlan}
          service={service}
          onServiceChange={setService}
        />
        <MediaSection t={t} />
        <FaqSection t={t} />
        <ContactSection t={t} />
      </main>
      <StudioFooter t={t} />
      <FloatingBar t={t} visible={showFloatingBar} />
      <CookieNotice t={t} />
    </div>
  );
}

export { ShifterStudioPage as Component };
