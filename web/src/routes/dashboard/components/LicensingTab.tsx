import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  formToTerms,
  termsToForm,
  type TermProblem,
  type TermsForm,
} from '../../../../../shared/licensing/terms-form';
import { isLanguage } from '../../../../../shared/i18n/language';
import { TIER_IDS, type TierId, type TiersConfig } from '../../../../../shared/licensing/tiers';
import { ApiError } from '../../../api/client';
import { formatBRL } from '../../../lib/format';
import { PageLoading } from '../../../components/PageLoading';
import { useFormat } from '../../../settings/useFormat';
import {
  agreementUrl,
  useCreateCoupon,
  useCreatorLicenceStats,
  useCreatorOffers,
  useRespondOffer,
  useDeactivateCoupon,
  useLicenceSettings,
  useMyBeats,
  useSaveLicenceSettings,
} from '../api/licensing';
import { LicenceFilesField, type LicenceFiles } from './LicenceFilesField';
import { LicenceTermsEditor } from './LicenceTermsEditor';
import { LoadError } from './LoadError';

const input =
  'h-10 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-sm text-white focus-visible:outline-2 focus-visible:outline-violet-400';
const primary =
  'h-10 rounded-lg bg-violet-600 px-4 text-sm font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-300 disabled:opacity-60';
const card = 'rounded-2xl border border-white/10 bg-zinc-900/60 p-4';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/** Creator Hub → Licenças: tiers and prices per beat, coupons, sales by tier, coupon use (issue 8). */
export function LicensingTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const beats = useMyBeats(userId);
  const [beatId, setBeatId] = useState<string>('');
  const selectId = useId();
  useEffect(() => {
    if (!beatId && beats.data?.[0]) setBeatId(beats.data[0].id);
  }, [beats.data, beatId]);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className={card} aria-labelledby={`${selectId}-h`}>
        <h2 id={`${selectId}-h`} className="text-lg font-semibold text-white">
          {t('licensing.hub.tab')}
        </h2>
        {beats.isPending ? (
          <PageLoading />
        ) : beats.isError ? (
          <LoadError onRetry={() => void beats.refetch()} />
        ) : beats.data.length === 0 ? (
          <p className="mt-3 text-zinc-400">{t('licensing.hub.noBeats')}</p>
        ) : (
          <>
            <label htmlFor={selectId} className="mt-3 block text-sm text-zinc-300">
              {t('licensing.hub.beat')}
            </label>
            <select
              id={selectId}
              className={input}
              value={beatId}
              onChange={(e) => setBeatId(e.target.value)}
            >
              {beats.data.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.title}
                </option>
              ))}
            </select>
            {beatId && <TiersEditor key={beatId} projectId={beatId} />}
          </>
        )}
      </section>
      <div className="space-y-6">
        <OffersPanel />
        <CouponsPanel />
        <SalesPanel />
      </div>
    </div>
  );
}

function TiersEditor({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
  const settings = useLicenceSettings(projectId);
  const save = useSaveLicenceSettings(projectId);
  const [tiers, setTiers] = useState<TiersConfig | null>(null);
  // Terms are edited as form text (empty = unlimited) and turned back into numbers on save.
  const [termsForms, setTermsForms] = useState<Record<TierId, TermsForm> | null>(null);
  const [termProblems, setTermProblems] = useState<
    Partial<Record<TierId, Partial<Record<keyof TermsForm, TermProblem>>>>
  >({});
  const [aiStems, setAiStems] = useState(false);
  const [files, setFiles] = useState<LicenceFiles>({ wav_key: null, stems_keys: [] });
  const [uploading, setUploading] = useState(false);
  const [minOffer, setMinOffer] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    const loaded = settings.data.tiers;
    setTiers(loaded);
    setTermsForms({
      mp3: termsToForm(loaded.mp3.terms, language),
      wav: termsToForm(loaded.wav.terms, language),
      trackout: termsToForm(loaded.trackout.terms, language),
      exclusive: termsToForm(loaded.exclusive.terms, language),
    });
    setTermProblems({});
    setAiStems(settings.data.ai_stems);
    setFiles({ wav_key: settings.data.wav_key, stems_keys: settings.data.stems_keys });
    setMinOffer(settings.data.min_offer === null ? '' : String(settings.data.min_offer));
  }, [settings.data, language]);

  if (settings.isError) return <LoadError onRetry={() => void settings.refetch()} />;
  if (settings.isPending || !tiers || !termsForms) return <PageLoading />;

  const update = (id: TierId, change: Partial<TiersConfig[TierId]>) =>
    setTiers({ ...tiers, [id]: { ...tiers[id], ...change } });

  function submit() {
    if (!settings.data || !tiers || !termsForms) return;
    const withTerms = { ...tiers };
    const problems: typeof termProblems = {};
    for (const id of TIER_IDS) {
      const parsed = formToTerms(termsForms[id]);
      if (parsed.ok) withTerms[id] = { ...tiers[id], terms: parsed.terms };
      else problems[id] = parsed.problems;
    }
    setTermProblems(problems);
    const firstProblem = TIER_IDS.find((id) => problems[id]);
    if (firstProblem) {
      toast.error(t('licensing.hub.saveError'), {
        description: t('licensing.hub.termsEditor.fix', { tier: t(`licensing.tierNames.${firstProblem}`) }),
      });
      return;
    }
    save.mutate(
      {
        tiers: withTerms,
        wav_key: files.wav_key,
        stems_keys: files.stems_keys,
        ai_stems: aiStems,
        min_offer: minOffer.trim() === '' ? null : Number(minOffer),
      },
      {
        onSuccess: () => toast.success(t('licensing.hub.saved')),
        onError: (error) => toast.error(t('licensing.hub.saveError'), { description: errorText(error) }),
      },
    );
  }

  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {TIER_IDS.map((id) => (
        <div key={id} className="grid grid-cols-[1fr_auto_7rem] items-center gap-3">
          <span className="font-medium text-white">{t(`licensing.tierNames.${id}`)}</span>
          <label className="flex items-center gap-2 text-sm text-zinc-300">
            <input
              type="checkbox"
              checked={tiers[id].enabled}
              onChange={(e) => update(id, { enabled: e.target.checked })}
              className="accent-violet-500"
              data-testid={`tier-enabled-${id}`}
            />
            {t('licensing.hub.enabled')}
          </label>
          <input
            type="number"
            min={1}
            step="0.01"
            aria-label={`${t('licensing.hub.price')} — ${t(`licensing.tierNames.${id}`)}`}
            className={input}
            value={tiers[id].price}
            onChange={(e) => update(id, { price: Number(e.target.value) })}
            data-testid={`tier-price-${id}`}
          />
          <LicenceTermsEditor
            tier={id}
            form={termsForms[id]}
            problems={termProblems[id] ?? {}}
            onChange={(form) => setTermsForms({ ...termsForms, [id]: form })}
          />
        </div>
      ))}
      <LicenceFilesField files={files} aiStems={aiStems} onChange={setFiles} onBusyChange={setUploading} />
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input
          type="checkbox"
          checked={aiStems}
          onChange={(e) => setAiStems(e.target.checked)}
          className="accent-violet-500"
        />
        {t('licensing.hub.aiStems')}
      </label>
      <label className="block text-sm text-zinc-300">
        {t('licensing.hub.minOffer')}
        <input
          type="number"
          min={1}
          className={`${input} mt-1`}
          value={minOffer}
          onChange={(e) => setMinOffer(e.target.value)}
        />
      </label>
      <button type="submit" className={primary} disabled={save.isPending || uploading}>
        {t('licensing.hub.save')}
      </button>
    </form>
  );
}

function CouponsPanel() {
  const { t } = useTranslation();
  const create = useCreateCoupon();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent');
  const [value, setValue] = useState('10');
  const [maxUses, setMaxUses] = useState('');
  const [expires, setExpires] = useState('');
  const [tiers, setTiers] = useState<TierId[]>([]);
  const id = useId();

  function submit() {
    create.mutate(
      {
        code: code.trim().toUpperCase(),
        kind,
        value: Number(value),
        max_uses: maxUses.trim() === '' ? null : Number(maxUses),
        expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
        tiers,
      },
      {
        onSuccess: () => {
          toast.success(t('licensing.hub.couponCreated'));
          setCode('');
        },
        onError: (error) => toast.error(t('licensing.hub.couponError'), { description: errorText(error) }),
      },
    );
  }

  return (
    <section className={card} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-white">
        {t('licensing.hub.coupons')}
      </h2>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="text-sm text-zinc-300">
          {t('licensing.hub.couponCode')}
          <input
            className={`${input} mt-1 uppercase`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        </label>
        <label className="text-sm text-zinc-300">
          {t('licensing.hub.couponKind')}
          <select
            className={`${input} mt-1`}
            value={kind}
            onChange={(e) => setKind(e.target.value as 'percent' | 'fixed')}
          >
            <option value="percent">{t('licensing.hub.percent')}</option>
            <option value="fixed">{t('licensing.hub.fixed')}</option>
          </select>
        </label>
        <label className="text-sm text-zinc-300">
          {t('licensing.hub.couponValue')}
          <input
            type="number"
            min={0.01}
            step="0.01"
            className={`${input} mt-1`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
          />
        </label>
        <label className="text-sm text-zinc-300">
          {t('licensing.hub.couponMaxUses')}
          <input
            type="number"
            min={1}
            className={`${input} mt-1`}
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
          />
        </label>
        <label className="text-sm text-zinc-300">
          {t('licensing.hub.couponExpires')}
          <input
            type="date"
            className={`${input} mt-1`}
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
          />
        </label>
        <fieldset className="text-sm text-zinc-300">
          <legend>{t('licensing.hub.couponTiers')}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {TIER_IDS.map((tier) => (
              <label key={tier} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  className="accent-violet-500"
                  checked={tiers.includes(tier)}
                  onChange={(e) =>
                    setTiers(e.target.checked ? [...tiers, tier] : tiers.filter((x) => x !== tier))
                  }
                />
                {t(`licensing.tierNames.${tier}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <button type="submit" className={primary} disabled={create.isPending}>
            {t('licensing.hub.createCoupon')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Sales listed before "show all": the newest, so the panel stays short for a busy creator. */
const SALES_SHOWN_FIRST = 10;

function SalesPanel() {
  const { t } = useTranslation();
  const stats = useCreatorLicenceStats();
  const deactivate = useDeactivateCoupon();
  const format = useFormat();
  const id = useId();
  const [showAllSales, setShowAllSales] = useState(false);
  if (stats.isPending) return <PageLoading />;
  if (stats.isError) return <LoadError onRetry={() => void stats.refetch()} />;
  const { byTier, coupons, recent } = stats.data;
  const shownSales = showAllSales ? recent : recent.slice(0, SALES_SHOWN_FIRST);

  async function openAgreement(orderId: string) {
    try {
      window.location.assign((await agreementUrl(orderId)).url);
    } catch (error) {
      toast.error(t('licensing.downloads.error'), { description: errorText(error) });
    }
  }

  return (
    <section className={card} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-white">
        {t('licensing.hub.salesByTier')}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3">
        {TIER_IDS.map((tier) => (
          <li key={tier} className="rounded-xl border border-white/10 p-3">
            <p className="text-sm text-zinc-400">{t(`licensing.tierNames.${tier}`)}</p>
            <p className="text-lg font-bold text-white">{formatBRL(byTier[tier].revenue)}</p>
            <p className="text-xs text-zinc-400">{t('licensing.hub.sales', { count: byTier[tier].count })}</p>
          </li>
        ))}
      </ul>
      <h3 className="mt-5 font-semibold text-white">{t('licensing.hub.couponUse')}</h3>
      {coupons.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">{t('licensing.hub.noCoupons')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {coupons.map((c) => (
            <li key={c.code} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-mono text-white">
                {c.code} {!c.active && <span className="text-zinc-500">({t('licensing.hub.inactive')})</span>}
              </span>
              <span className="text-zinc-300">
                {c.max_uses === null
                  ? t('licensing.hub.uses', { count: c.reserved_uses })
                  : t('licensing.hub.usesOf', { count: c.max_uses, used: c.reserved_uses })}{' '}
                ·{' '}
                {t('licensing.hub.redemptions', {
                  count: c.redemptions,
                  discount: formatBRL(c.discount_total),
                })}
              </span>
              {c.active && (
                <button
                  type="button"
                  className="text-violet-300 underline"
                  onClick={() => deactivate.mutate(c.code)}
                >
                  {t('licensing.hub.deactivate')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-5 font-semibold text-white">{t('licensing.hub.recent')}</h3>
      {recent.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">{t('licensing.hub.noSales')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {shownSales.map((l) => (
            <li key={l.order_id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-white">
                {l.project_title} · {t(`licensing.tierNames.${l.tier}`)}
              </span>
              <span className="text-zinc-300">
                {formatBRL(l.amount)} · {format.date(l.created_at)}
              </span>
              <button
                type="button"
                className="text-violet-300 underline"
                onClick={() => void openAgreement(l.order_id)}
              >
                {t('licensing.hub.agreement')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {recent.length > SALES_SHOWN_FIRST && (
        <button
          type="button"
          className="mt-2 text-sm text-violet-300 underline"
          aria-expanded={showAllSales}
          onClick={() => setShowAllSales(!showAllSales)}
        >
          {showAllSales
            ? t('licensing.hub.showFewerSales')
            : t('licensing.hub.showAllSales', { count: recent.length })}
        </button>
      )}
    </section>
  );
}

function OffersPanel() {
  const { t } = useTranslation();
  const offers = useCreatorOffers();
  const respond = useRespondOffer();
  const [counters, setCounters] = useState<Record<string, string>>({});
  const id = useId();
  const format = useFormat();
  // Active: waiting for an answer from either side, or accepted and still payable (48 h).
  const active = (offers.data ?? []).filter(
    (o) =>
      o.status === 'pending' ||
      o.status === 'countered' ||
      (o.status === 'accepted' && o.expires_at !== null && Date.parse(o.expires_at) > Date.now()),
  );

  const act = (offerId: string, action: 'accept' | 'decline' | 'counter') =>
    respond.mutate(
      { id: offerId, action, ...(action === 'counter' ? { amount: Number(counters[offerId] ?? 0) } : {}) },
      {
        onSuccess: () => toast.success(t('licensing.offers.responded')),
        onError: (error) => toast.error(t('licensing.offers.error'), { description: errorText(error) }),
      },
    );

  return (
    <section className={card} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-white">
        {t('licensing.offers.hubTitle')}
      </h2>
      {offers.isPending ? (
        <PageLoading />
      ) : offers.isError ? (
        <LoadError onRetry={() => void offers.refetch()} />
      ) : active.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">{t('licensing.offers.hubEmpty')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {active.map((o) => (
            <li key={o.id} className="space-y-2 text-sm" data-testid="creator-offer">
              <p className="text-zinc-200">
                {t('licensing.offers.hubLine', {
                  buyer: o.buyer_name,
                  amount: formatBRL(o.amount),
                  tier: t(`licensing.tierNames.${o.tier}`),
                  title: o.project_title,
                  price: formatBRL(o.list_price),
                })}
              </p>
              {o.status === 'accepted' ? (
                <p className="text-zinc-400">
                  {t('licensing.offers.hubAwaiting', {
                    amount: formatBRL(o.accepted_amount ?? 0),
                    until: format.dateTime(o.expires_at),
                  })}
                </p>
              ) : o.status === 'countered' ? (
                <p className="text-zinc-400">
                  {t('licensing.offers.status.countered', { amount: formatBRL(o.counter_amount ?? 0) })}
                </p>
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  <button type="button" className={primary} onClick={() => act(o.id, 'accept')}>
                    {t('licensing.offers.accept')}
                  </button>
                  <button
                    type="button"
                    className="h-10 rounded-lg border border-white/15 px-4 text-zinc-100"
                    onClick={() => act(o.id, 'decline')}
                  >
                    {t('licensing.offers.decline')}
                  </button>
                  <label className="sr-only" htmlFor={`counter-${o.id}`}>
                    {t('licensing.offers.counterAmount')}
                  </label>
                  <input
                    id={`counter-${o.id}`}
                    type="number"
                    min={1}
                    step="0.01"
                    placeholder={t('licensing.offers.counterAmount')}
                    className={`${input} w-36`}
                    value={counters[o.id] ?? ''}
                    onChange={(e) => setCounters({ ...counters, [o.id]: e.target.value })}
                  />
                  <button
                    type="button"
                    className="h-10 rounded-lg border border-white/15 px-4 text-zinc-100"
                    onClick={() => act(o.id, 'counter')}
                  >
                    {t('licensing.offers.counter')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
