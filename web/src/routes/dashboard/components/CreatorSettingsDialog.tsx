import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CreatorSettings, SPECIALIZATIONS } from '../../../../../shared/schemas/marketplace';
import { Dialog } from '../../../components/Dialog';
import { PageLoading } from '../../../components/PageLoading';
import { Tabs } from '../../../components/Tabs';
import { useCreatorSettings, useSaveCreatorSettings } from '../api/creator';
import { LoadError } from './LoadError';
import { textRuleMessage } from '../../../api/text-rule';

type Tab = 'profile' | 'pricing' | 'notifications' | 'workflow' | 'privacy';
type Settings = CreatorSettings;

const fieldClass =
  'block h-10 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-sm text-zinc-100 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';

/** The creator settings dialog: five tabs loaded from and saved to GET/PUT /api/creator/settings. */
export function CreatorSettingsDialog({
  userId,
  open,
  onClose,
}: {
  userId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const settings = useCreatorSettings(userId, open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('dashboardHub.settings.title')}
      description={t('dashboardHub.settings.description')}
      closeLabel={t('dashboardHub.close')}
    >
      {settings.isPending ? (
        <PageLoading />
      ) : settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()} />
      ) : (
        open && <SettingsForm userId={userId} initial={settings.data} onDone={onClose} />
      )}
    </Dialog>
  );
}

function SettingsForm({
  userId,
  initial,
  onDone,
}: {
  userId: string;
  initial: Settings;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveCreatorSettings(userId);
  const [tab, setTab] = useState<Tab>('profile');
  const [draft, setDraft] = useState<Settings>(() => structuredClone(initial));

  function patch<S extends keyof Settings>(section: S, values: Partial<Settings[S]>) {
    setDraft((current) => ({ ...current, [section]: { ...current[section], ...values } }));
  }

  const labels: Record<Tab, string> = {
    profile: t('dashboardHub.settings.tabProfile'),
    pricing: t('dashboardHub.settings.tabPricing'),
    notifications: t('dashboardHub.settings.tabNotifications'),
    workflow: t('dashboardHub.settings.tabWorkflow'),
    privacy: t('dashboardHub.settings.tabPrivacy'),
  };
  const specializationNames: Record<(typeof SPECIALIZATIONS)[number], string> = {
    'music-production': t('dashboardHub.settings.specMusicProduction'),
    mixing: t('dashboardHub.settings.specMixing'),
    mastering: t('dashboardHub.settings.specMastering'),
    'beat-making': t('dashboardHub.settings.specBeatMaking'),
    'vocal-production': t('dashboardHub.settings.specVocalProduction'),
  };

  const field = (key: string, label: string, control: ReactNode) => (
    <div key={key}>
      <label htmlFor={`${id}-${key}`} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {control}
    </div>
  );
  const number = (key: string, value: number, onChange: (value: number) => void, step = 1) => (
    <input
      id={`${id}-${key}`}
      type="number"
      min={0}
      step={step}
      className={fieldClass}
      value={Number.isFinite(value) ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
    />
  );
  const toggle = (key: string, label: string, checked: boolean, onChange: (value: boolean) => void) => (
    <label
      key={key}
      className="flex items-center justify-between gap-4 rounded-lg bg-zinc-950/60 px-3 py-2.5 text-sm text-zinc-200"
    >
      {label}
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-violet-500"
      />
    </label>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = CreatorSettings.safeParse(draft);
        if (!parsed.success) {
          toast.error(t('dashboardHub.settings.saveError'), {
            description: textRuleMessage(parsed.error) ?? t('dashboardHub.settings.invalid'),
          });
          return;
        }
        save.mutate(parsed.data, {
          onSuccess: () => {
            toast.success(t('dashboardHub.settings.saved'));
            onDone();
          },
          onError: (error) =>
            toast.error(t('dashboardHub.settings.saveError'), {
              description: textRuleMessage(error) ?? error.message,
            }),
        });
      }}
      className="space-y-5"
    >
      <Tabs<Tab>
        label={t('dashboardHub.settings.tabsLabel')}
        value={tab}
        onChange={setTab}
        tabs={(Object.keys(labels) as Tab[]).map((key) => ({ key, label: labels[key] }))}
      />
      <div role="tabpanel" aria-label={labels[tab]} className="space-y-4">
        {tab === 'profile' && (
          <>
            {field(
              'displayName',
              t('dashboardHub.settings.displayName'),
              <input
                id={`${id}-displayName`}
                className={fieldClass}
                maxLength={120}
                value={draft.profile.displayName}
                onChange={(event) => patch('profile', { displayName: event.target.value })}
              />,
            )}
            {field(
              'bio',
              t('dashboardHub.settings.bio'),
              <textarea
                id={`${id}-bio`}
                rows={3}
                maxLength={1000}
                className={`${fieldClass} h-auto py-2`}
                value={draft.profile.bio}
                onChange={(event) => patch('profile', { bio: event.target.value })}
              />,
            )}
            {field(
              'specialization',
              t('dashboardHub.settings.specialization'),
              <select
                id={`${id}-specialization`}
                className={fieldClass}
                value={draft.profile.specialization}
                onChange={(event) =>
                  patch('profile', {
                    specialization: event.target.value as Settings['profile']['specialization'],
                  })
                }
              >
                {SPECIALIZATIONS.map((value) => (
                  <option key={value} value={value}>
                    {specializationNames[value]}
                  </option>
                ))}
              </select>,
            )}
          </>
        )}
        {tab === 'pricing' && (
          <>
            {field(
              'beatPrice',
              t('dashboardHub.settings.beatPrice'),
              number('beatPrice', draft.pricing.beatPrice, (v) => patch('pricing', { beatPrice: v }), 0.01),
            )}
            {field(
              'mixingPrice',
              t('dashboardHub.settings.mixingPrice'),
              number(
                'mixingPrice',
                draft.pricing.mixingPrice,
                (v) => patch('pricing', { mixingPrice: v }),
                0.01,
              ),
            )}
            {field(
              'masteringPrice',
              t('dashboardHub.settings.masteringPrice'),
              number(
                'masteringPrice',
                draft.pricing.masteringPrice,
                (v) => patch('pricing', { masteringPrice: v }),
                0.01,
              ),
            )}
          </>
        )}
        {tab === 'notifications' && (
          <>
            {toggle('newOrders', t('dashboardHub.settings.newOrders'), draft.notifications.newOrders, (v) =>
              patch('notifications', { newOrders: v }),
            )}
            {toggle(
              'messageUpdates',
              t('dashboardHub.settings.messageUpdates'),
              draft.notifications.messageUpdates,
              (v) => patch('notifications', { messageUpdates: v }),
            )}
            {toggle(
              'weeklyReports',
              t('dashboardHub.settings.weeklyReports'),
              draft.notifications.weeklyReports,
              (v) => patch('notifications', { weeklyReports: v }),
            )}
            {toggle(
              'marketingEmails',
              t('dashboardHub.settings.marketingEmails'),
              draft.notifications.marketingEmails,
              (v) => patch('notifications', { marketingEmails: v }),
            )}
          </>
        )}
        {tab === 'workflow' && (
          <>
            {toggle(
              'autoAcceptOrders',
              t('dashboardHub.settings.autoAcceptOrders'),
              draft.workflow.autoAcceptOrders,
              (v) => patch('workflow', { autoAcceptOrders: v }),
            )}
            {field(
              'responseTime',
              t('dashboardHub.settings.responseTime'),
              number('responseTime', draft.workflow.responseTime, (v) =>
                patch('workflow', { responseTime: v }),
              ),
            )}
            {field(
              'workingHours',
              t('dashboardHub.settings.workingHours'),
              <select
                id={`${id}-workingHours`}
                className={fieldClass}
                value={draft.workflow.workingHours}
                onChange={(event) =>
                  patch('workflow', {
                    workingHours: event.target.value as Settings['workflow']['workingHours'],
                  })
                }
              >
                <option value="business">{t('dashboardHub.settings.hoursBusiness')}</option>
                <option value="extended">{t('dashboardHub.settings.hoursExtended')}</option>
                <option value="flexible">{t('dashboardHub.settings.hoursFlexible')}</option>
                <option value="24/7">{t('dashboardHub.settings.hoursAllDay')}</option>
              </select>,
            )}
            {field(
              'maxActiveProjects',
              t('dashboardHub.settings.maxActiveProjects'),
              number('maxActiveProjects', draft.workflow.maxActiveProjects, (v) =>
                patch('workflow', { maxActiveProjects: v }),
              ),
            )}
          </>
        )}
        {tab === 'privacy' && (
          <>
            {toggle(
              'showOnlineStatus',
              t('dashboardHub.settings.showOnlineStatus'),
              draft.privacy.showOnlineStatus,
              (v) => patch('privacy', { showOnlineStatus: v }),
            )}
            {toggle(
              'allowDirectMessages',
              t('dashboardHub.settings.allowDirectMessages'),
              draft.privacy.allowDirectMessages,
              (v) => patch('privacy', { allowDirectMessages: v }),
            )}
            {toggle(
              'showCompletedProjects',
              t('dashboardHub.settings.showCompletedProjects'),
              draft.privacy.showCompletedProjects,
              (v) => patch('privacy', { showCompletedProjects: v }),
            )}
          </>
        )}
      </div>
      <div className="flex justify-end gap-3 border-t border-white/10 pt-4">
        <button
          type="button"
          onClick={onDone}
          className="h-10 rounded-lg border border-white/15 px-4 text-sm text-zinc-200 hover:bg-white/5"
        >
          {t('dashboardHub.cancel')}
        </button>
        <button
          type="submit"
          disabled={save.isPending}
          className="h-10 rounded-lg bg-violet-600 px-5 text-sm font-semibold text-white hover:bg-violet-500 disabled:opacity-60"
        >
          {save.isPending ? t('dashboardHub.settings.saving') : t('dashboardHub.settings.save')}
        </button>
      </div>
    </form>
  );
}
