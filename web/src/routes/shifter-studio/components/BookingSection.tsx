import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import {
  DURATION_HOURS,
  PHONE_PATTERN,
  STUDIO_PLAN_KEYS,
  STUDIO_SERVICES,
  TIME_PATTERN,
  type StudioService,
} from '../../../../../shared/schemas/studio';
import { errorMessage } from '../../../components/form';
import type { SiteT } from '../../../i18n/studio-site';
import { useStudioRequest } from '../api/send-request';
import { fieldClass, labelClass, primaryLink, Section } from './ui';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The booking request form: browser validation only (required, type=email, patterns), stored through the
 * API; on success 'Request sent' and /thank-you. `plan` and `service` come from the page (?plan=, Book Now).
 */
export function BookingSection({
  t,
  plan,
  onPlanChange,
  service,
  onServiceChange,
}: {
  t: SiteT;
  plan: string;
  onPlanChange: (plan: string) => void;
  service: StudioService;
  onServiceChange: (service: StudioService) => void;
}) {
  const navigate = useNavigate();
  const send = useStudioRequest('booking');
  const id = useId();
  const planList = `${id}-plans`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    send.mutate(
      {
        name: field('name'),
        email: field('email'),
        phone: field('phone'),
        service,
        plan: plan.trim(),
        date: field('date'),
        time: field('time'),
        duration: Number(field('duration')),
        notes: field('notes'),
      },
      {
        onSuccess: () => {
          toast.success(t('studio.booking.sent'), { description: t('studio.booking.sentDescription') });
          void navigate('/thank-you');
        },
        onError: (error) => toast.error(errorMessage(error, t('studio.sendError'))),
      },
    );
  };

  const input = (
    name: string,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement>,
    hint?: string,
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        className={fieldClass}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );

  return (
    <Section id="booking" title={t('studio.booking.title')} lead={t('studio.booking.lead')}>
      <form
        onSubmit={onSubmit}
        aria-labelledby="booking-title"
        className="grid gap-5 rounded-2xl border border-white/10 bg-zinc-900/70 p-6 sm:grid-cols-2"
      >
        {input('name', t('studio.booking.name'), { required: true, maxLength: 120, autoComplete: 'name' })}
        {input('email', t('studio.booking.email'), {
          type: 'email',
          required: true,
          maxLength: 254,
          autoComplete: 'email',
        })}
        {input(
          'phone',
          t('studio.booking.phone'),
          { type: 'tel', required: true, pattern: PHONE_PATTERN, autoComplete: 'tel' },
          t('studio.booking.phoneHint'),
        )}
        <div>
          <label htmlFor={`${id}-service`} className={labelClass}>
            {t('studio.booking.service')}
          </label>
          <select
            id={`${id}-service`}
            name="service"
            required
            value={service}
            onChange={(event) => onServiceChange(event.target.value as StudioService)}
            className={fieldClass}
          >
            {STUDIO_SERVICES.map((value) => (
              <option key={value} value={value}>
                {t(`studio.booking.services.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-plan`} className={labelClass}>
            {t('studio.booking.plan')}
          </label>
          <input
            id={`${id}-plan`}
            name="plan"
            list={planList}
            maxLength={40}
            value={plan}
            onChange={(event) => onPlanChange(event.target.value)}
            aria-describedby={`${id}-plan-hint`}
            className={fieldClass}
          />
          <datalist id={planList}>
            {STUDIO_PLAN_KEYS.map((key) => (
              <option key={key} value={key} />
            ))}
          </datalist>
          <p id={`${id}-plan-hint`} className="mt-1 text-xs text-zinc-400">
            {t('studio.booking.planHint')}
          </p>
        </div>
        {input('date', t('studio.booking.date'), { type: 'date', required: true, min: today() })}
        {input('time', t('studio.booking.time'), { type: 'time', required: true, pattern: TIME_PATTERN })}
        {input('duration', t('studio.booking.duration'), {
          type: 'number',
          required: true,
          min: DURATION_HOURS.min,
          max: DURATION_HOURS.max,
          step: 1,
          defaultValue: 2,
        })}
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-notes`} className={labelClass}>
            {t('studio.booking.notes')}
          </label>
          <textarea id={`${id}-notes`} name="notes" rows={4} maxLength={2000} className={fieldClass} />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={`${primaryLink} w-full sm:w-auto`} disabled={send.isPending}>
            {send.isPending ? t('studio.booking.sending') : t('studio.booking.submit')}
          </button>
        </div>
      </form>
    </Section>
  );
}
