import { useId, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../components/form';
import type { SiteT } from '../../../i18n/studio-site';
import { useStudioRequest } from '../api/send-request';
import { STUDIO_LINKS } from './links';
import { fieldClass, labelClass, primaryLink, secondaryLink, Section } from './ui';

export function ContactSection({ t }: { t: SiteT }) {
  const send = useStudioRequest('contact');
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    send.mutate(
      { name: field('name'), email: field('email'), subject: field('subject'), message: field('message') },
      {
        onSuccess: () => {
          toast.success(t('studio.contact.sent'));
          formElement.reset();
        },
        onError: (error) => toast.error(errorMessage(error, t('studio.sendError'))),
      },
    );
  };

  return (
    <Section id="contact" title={t('studio.contact.title')}>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="space-y-5">
          <dl className="grid gap-4 text-zinc-200">
            <div>
              <dt className="text-sm text-zinc-400">{t('studio.contact.addressLabel')}</dt>
              {/* A postal address is written as the post office reads it, in every language. */}
              <dd translate="no">{t('studio.contact.address')}</dd>
            </div>
            <div>
              <dt className="text-sm text-zinc-400">{t('studio.contact.hoursLabel')}</dt>
              <dd>{t('studio.contact.hours')}</dd>
            </div>
            <div>
              <dt className="text-sm text-zinc-400">{t('studio.contact.emailLabel')}</dt>
              <dd>
                <a
                  href={`mailto:${STUDIO_LINKS.email}`}
                  className="text-violet-300 underline-offset-4 hover:underline"
                >
                  {STUDIO_LINKS.email}
                </a>
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-3">
            <a
              href={STUDIO_LINKS.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={secondaryLink}
            >
              {t('studio.contact.whatsapp')}
            </a>
            <a href={`tel:${STUDIO_LINKS.phone}`} className={secondaryLink}>
              {t('studio.contact.call')} {STUDIO_LINKS.phoneDisplay}
            </a>
          </div>
          <div
            role="img"
            aria-label={t('studio.contact.mapLabel')}
            className="relative flex h-56 items-center justify-center overflow-hidden rounded-2xl border border-white/10 bg-[linear-gradient(90deg,rgba(255,255,255,.06)_1px,transparent_1px),linear-gradient(rgba(255,255,255,.06)_1px,transparent_1px)] bg-[size:28px_28px]"
          >
            <span className="inline-flex items-center gap-2 rounded-full bg-zinc-950/80 px-4 py-2 text-sm text-zinc-200">
              <svg
                viewBox="0 0 24 24"
                className="size-4 text-fuchsia-300"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6a2.5 2.5 0 0 1 0 5.5z" />
              </svg>
              {t('studio.contact.mapPlaceholder')}
            </span>
          </div>
        </div>
        <form
          onSubmit={onSubmit}
          aria-labelledby={`${id}-title`}
          className="grid gap-4 rounded-2xl border border-white/10 bg-zinc-900/70 p-6"
        >
          <h3 id={`${id}-title`} className="text-lg font-semibold text-white">
            {t('studio.contact.formTitle')}
          </h3>
          <div>
            <label htmlFor={`${id}-name`} className={labelClass}>
              {t('studio.contact.name')}
            </label>
            <input
              id={`${id}-name`}
              name="name"
              required
              maxLength={120}
              autoComplete="name"
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className={labelClass}>
              {t('studio.contact.email')}
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-subject`} className={labelClass}>
              {t('studio.contact.subject')}
            </label>
            <input id={`${id}-subject`} name="subject" required maxLength={200} className={fieldClass} />
          </div>
          <div>
            <label htmlFor={`${id}-message`} className={labelClass}>
              {t('studio.contact.message')}
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              required
              rows={5}
              maxLength={5000}
              className={fieldClass}
            />
          </div>
          <button type="submit" className={primaryLink} disabled={send.isPending}>
            {send.isPending ? t('studio.contact.sending') : t('studio.contact.submit')}
          </button>
        </form>
      </div>
    </Section>
  );
}
