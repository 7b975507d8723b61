import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { Project } from '../../../../../shared/schemas/marketplace';
import { checkText, graphemeLength } from '../../../../../shared/text-input';
import { textProblemMessage } from '../../../api/text-rule';
import { Dialog } from '../../../components/Dialog';
import { formatMoney } from '../../../lib/format';
import { useHire, useHireQuote } from '../api/client';
import { hiringErrorText } from './hiring-errors';

const BRIEF_RULE = { max: 1000, multiline: true } as const;

function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * Contratar: shows what the hire costs (the project's R$ price, in 5D Coins at the stated rate), the
 * balance before and after, how the escrow works (held until the delivery is accepted, refunded if the
 * creator declines or misses the deadline, released after the review period), an optional brief, and
 * pays. One request id per opening: a retried click is the same hire, charged once.
 */
export function HireDialog({
  project,
  userId,
  onClose,
  onHired,
}: {
  /** The beat to hire the creator of (a catalogue card or a full project). */
  project: Pick<Project, 'id' | 'title' | 'creator'> | null;
  userId: string;
  onClose: () => void;
  onHired: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const quote = useHireQuote(project?.id ?? null);
  const hire = useHire(userId);
  const [brief, setBrief] = useState('');
  const [briefError, setBriefError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const locale = i18n.resolvedLanguage ?? 'pt-BR';

  useEffect(() => {
    if (!project) return;
    setBrief('');
    setBriefError(null);
    setRequestId(newRequestId());
  }, [project]);

  const data = quote.data;
  const shortfall = data ? Math.max(0, data.coins - data.balance) : 0;
  const busy = hire.isPending;

  function submit() {
    if (!project || !data || shortfall > 0 || busy) return;
    const checked = checkText('brief', brief, BRIEF_RULE);
    if (!checked.ok) {
      setBriefError(textProblemMessage(checked.problem));
      return;
    }
    hire.mutate(
      { projectId: project.id, requestId, ...(checked.value ? { brief: checked.value } : {}) },
      {
        onSuccess: (order) => {
          toast.success(t('hiring.hired'), {
            description: t('hiring.hiredDescription', { coins: order.coins ?? data.coins }),
          });
          onHired();
        },
        onError: (error) => {
          toast.error(t('hiring.errorTitle'), { description: hiringErrorText(error, t('hiring.loadError')) });
          void quote.refetch();
        },
      },
    );
  }

  const footer = (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button
        type="button"
        onClick={onClose}
        className="h-11 rounded-lg border border-white/15 px-4 text-sm text-zinc-100 hover:bg-white/5"
      >
        {t('dashboardHub.cancel')}
      </button>
      <button
        type="submit"
        form={`${id}-form`}
        disabled={!data || shortfall > 0 || busy}
        data-testid="hire-pay"
        className="h-11 rounded-lg bg-violet-600 px-4 text-sm font-semibold text-white hover:bg-violet-500 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? t('hiring.submitting') : t('hiring.submit', { coins: data?.coins ?? '…' })}
      </button>
    </div>
  );

  return (
    <Dialog
      open={project !== null}
      onClose={() => !busy && onClose()}
      title={project ? t('hiring.dialogTitle', { title: project.title }) : ''}
      description={project ? t('hiring.dialogDescription', { creator: project.creator }) : undefined}
      closeLabel={t('dashboardHub.close')}
      footer={footer}
    >
      {quote.isPending && (
        <p role="status" className="text-sm text-zinc-400">
          {t('hiring.loading')}
        </p>
      )}
      {quote.isError && (
        <div role="alert" className="space-y-3">
          <p className="text-sm text-rose-200">{hiringErrorText(quote.error, t('hiring.loadError'))}</p>
          <button
            type="button"
            onClick={() => void quote.refetch()}
            className="h-9 rounded-lg border border-white/15 px-3 text-sm text-zinc-100 hover:bg-white/5"
          >
            {t('dashboardHub.retry')}
          </button>
        </div>
      )}
      {data && (
        <form
          id={`${id}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className="space-y-5"
          data-testid="hire-dialog"
        >
          <dl className="grid gap-3 sm:grid-cols-2">
            <div className="rounded-xl bg-zinc-950/60 px-4 py-3">
              <dt className="text-xs uppercase tracking-wide text-zinc-400">{t('hiring.price')}</dt>
              <dd className="mt-1 text-lg font-semibold text-white" data-testid="hire-price">
                {formatMoney(data.price_brl, 'BRL', locale)}
                <span className="block text-2xl text-violet-200" data-testid="hire-coins">
                  {t('hiring.inCoins', { coins: data.coins })}
                </span>
              </dd>
              <dd className="mt-1 text-xs text-zinc-400">
                {t('hiring.coinValue', { value: formatMoney(data.coin_value_brl, 'BRL', locale) })}
              </dd>
            </div>
            <div className="rounded-xl bg-zinc-950/60 px-4 py-3">
              <dt className="text-xs uppercase tracking-wide text-zinc-400">{t('hiring.balance')}</dt>
              <dd className="mt-1 text-lg font-semibold text-white" data-testid="hire-balance">
                {t('hiring.inCoins', { coins: data.balance })}
              </dd>
              {shortfall === 0 && (
                <dd className="mt-1 text-xs text-zinc-400">
                  {t('hiring.after', { coins: data.balance - data.coins })}
                </dd>
              )}
            </div>
          </dl>

          {shortfall > 0 && (
            <div role="alert" className="rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3">
              <p className="text-sm text-amber-100">{t('hiring.shortfall', { coins: shortfall })}</p>
              <Link
                to="/coins"
                className="mt-2 inline-flex h-9 items-center rounded-lg bg-amber-400 px-3 text-sm font-semibold text-zinc-950 hover:bg-amber-300"
              >
                {t('hiring.buyCoins')}
              </Link>
            </div>
          )}

          <section aria-labelledby={`${id}-how`} className="rounded-xl border border-white/10 px-4 py-3">
            <h3 id={`${id}-how`} className="text-sm font-semibold text-white">
              {t('hiring.howTitle')}
            </h3>
            <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-zinc-300">
              <li>{t('hiring.howHold', { coins: data.coins })}</li>
              <li>{t('hiring.howDeadline', { count: data.delivery_days })}</li>
              <li>{t('hiring.howReview', { count: data.review_days })}</li>
            </ul>
          </section>

          <div>
            <label htmlFor={`${id}-brief`} className="mb-1.5 block text-sm font-medium text-zinc-200">
              {t('hiring.briefLabel')}
            </label>
            <textarea
              id={`${id}-brief`}
              value={brief}
              rows={3}
              onChange={(event) => {
                setBrief(event.target.value);
                setBriefError(null);
              }}
              aria-invalid={briefError !== null}
              aria-describedby={`${id}-brief-hint${briefError ? ` ${id}-brief-error` : ''}`}
              className="block w-full rounded-lg border border-white/10 bg-zinc-950 px-3 py-2 text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
            />
            <p id={`${id}-brief-hint`} className="mt-1.5 flex justify-between gap-3 text-xs text-zinc-400">
              <span>{t('hiring.briefHint')}</span>
              <span aria-live="polite">
                {t('hiring.briefCount', { count: graphemeLength(brief), max: BRIEF_RULE.max })}
              </span>
            </p>
            {briefError && (
              <p id={`${id}-brief-error`} role="alert" className="mt-1.5 text-sm text-rose-200">
                {briefError}
              </p>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}
