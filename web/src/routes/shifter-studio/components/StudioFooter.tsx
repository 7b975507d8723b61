import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { errorMessage } from '../../../components/form';
import type { SiteT } from '../../../i18n/studio-site';
import { useStudioRequest } from '../api/send-request';
import { fieldClass, primaryLink, SECTION_IDS } from './ui';

export function StudioFooter({ t }: { t: SiteT }) {
  const send = useStudioRequest('newsletter');
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const email = String(new FormData(formElement).get('email') ?? '').trim();
    send.mutate(
      { email },
      {
        onSuccess: () => {
          toast.success(t('studio.footer.subscribed'));
          formElement.reset();
        },
        onError: (error) => toast.error(errorMessage(error, t('studio.sendError'))),
      },
    );
  };

  return (
    <footer className="border-t border-white/10 bg-zinc-950 px-4 pb-28 pt-14 sm:px-8">
      <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-3">
        <nav aria-label={t('studio.footer.sections')}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">
            {t('studio.footer.sections')}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-1">
            {SECTION_IDS.map((section) => (
              <li key={section}>
                <a href={`#${section}`} className="text-zinc-200 hover:text-white">
                  {t(`studio.nav.${section}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('studio.footer.legal')}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">
            {t('studio.footer.legal')}
          </h2>
          <ul className="mt-3 space-y-1">
            <li>
              <Link to="/privacy" className="text-zinc-200 hover:text-white">
                {t('studio.footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className="text-zinc-200 hover:text-white">
                {t('studio.footer.terms')}
              </Link>
            </li>
          </ul>
        </nav>
        <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-zinc-400">
            {t('studio.footer.newsletter')}
          </h2>
          <p className="mt-3 text-sm text-zinc-300">{t('studio.footer.newsletterLead')}</p>
          <label htmlFor={`${id}-email`} className="sr-only">
            {t('studio.footer.newsletterEmail')}
          </label>
          <div className="mt-3 flex gap-2">
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              placeholder={t('studio.footer.newsletterEmail')}
              className={fieldClass}
            />
            <button type="submit" className={primaryLink} disabled={send.isPending}>
              {t('studio.footer.subscribe')}
            </button>
          </div>
        </form>
      </div>
      <p className="mx-auto mt-10 max-w-6xl text-sm text-zinc-400">
        {t('studio.footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
