import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_CURRENCIES, SETTINGS_LANGUAGES } from '../../../../shared/site-rules';
import { LANGUAGE_NAMES } from '../../../../shared/i18n/language';
import { updateSettings, useSettings } from '../../settings/store';
import { useSavedSettingsState } from '../../settings/sync-state';
import { Section, Toggle } from './components/Controls';
import { DataSection } from './components/DataSection';
import { PasswordForm } from './components/PasswordForm';
import { ProfileSection } from './components/ProfileSection';
import { formatPriceFromBRL } from '../../lib/format';

/** /settings: every section of spec 2 §2; choices persist and take effect (web/src/settings). */
function SettingsPage() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useSettings();
  const { currency } = useSettings();
  // Until the saved preferences arrive the store holds this browser's (its language): not shown as choices.
  const pending = useSavedSettingsState() === 'pending';

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-white">{t('settings.title')}</h1>
        <p className="mt-2 text-zinc-400">{t('settings.subtitle')}</p>
      </div>

      <ProfileSection />

      <Section id="notifications" title={t('settings.sections.notifications')}>
        <Toggle
          label={t('settings.notifications.push')}
          hint={t('settings.notifications.pushHint')}
          checked={settings.pushNotifications}
          onChange={(value) => updateSettings({ pushNotifications: value })}
        />
        <Toggle
          label={t('settings.notifications.marketing')}
          hint={t('settings.notifications.marketingHint')}
          checked={settings.marketingEmails}
          onChange={(value) => updateSettings({ marketingEmails: value })}
        />
        <Toggle
          label={t('settings.notifications.releases')}
          hint={t('settings.notifications.releasesHint')}
          checked={settings.newReleases}
          onChange={(value) => updateSettings({ newReleases: value })}
        />
      </Section>

      <Section id="privacy" title={t('settings.sections.privacy')}>
        <Toggle
          label={t('settings.privacy.publicProfile')}
          hint={t('settings.privacy.publicProfileHint')}
          checked={settings.publicProfile}
          onChange={(value) => updateSettings({ publicProfile: value })}
        />
        <PasswordForm />
      </Section>

      <Section id="appearance" title={t('settings.sections.appearance')}>
        <Toggle
          label={t('settings.appearance.darkMode')}
          hint={t('settings.appearance.darkModeHint')}
          checked={settings.darkMode}
          onChange={(value) => updateSettings({ darkMode: value })}
        />
        <Toggle
          label={t('settings.appearance.reducedMotion')}
          hint={t('settings.appearance.reducedMotionHint')}
          checked={settings.reducedMotion}
          onChange={(value) => updateSettings({ reducedMotion: value })}
        />
      </Section>

      <Section id="audio" title={t('settings.sections.audio')}>
        <Toggle
          label={t('settings.audio.autoplay')}
          hint={t('settings.audio.autoplayHint')}
          checked={settings.autoplay}
          onChange={(value) => updateSettings({ autoplay: value })}
        />
        <Toggle
          label={t('settings.audio.highQuality')}
          hint={t('settings.audio.highQualityHint')}
          checked={settings.highQuality}
          onChange={(value) => updateSettings({ highQuality: value })}
        />
      </Section>

      <Section id="language" title={t('settings.sections.language')}>
        {pending && (
          <p
            role="status"
            data-testid="settings-loading"
            className="flex items-center gap-2 pt-3 text-sm text-zinc-400"
          >
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-violet-400 border-t-transparent motion-reduce:animate-none"
            />
            {t('settings.language.loading')}
          </p>
        )}
        <div className="grid gap-4 py-3 sm:grid-cols-2" aria-busy={pending}>
          <div>
            <label htmlFor={`${id}-language`} className="text-sm text-zinc-300">
              {t('settings.language.language')}
            </label>
            <select
              id={`${id}-language`}
              value={settings.language}
              disabled={pending}
              onChange={(event) =>
                updateSettings({ language: event.target.value as (typeof SETTINGS_LANGUAGES)[number] })
              }
              className="mt-1 h-10 w-full rounded-xl border border-white/10 bg-zinc-950 px-3 text-zinc-100 disabled:cursor-wait disabled:opacity-60"
            >
              {SETTINGS_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-currency`} className="text-sm text-zinc-300">
              {t('settings.language.currency')}
            </label>
            <select
              id={`${id}-currency`}
              value={settings.currency}
              disabled={pending}
              aria-describedby={`${id}-currency-example`}
              onChange={(event) =>
                updateSettings({ currency: event.target.value as (typeof SETTINGS_CURRENCIES)[number] })
              }
              className="mt-1 h-10 w-full rounded-xl border border-white/10 bg-zinc-950 px-3 text-zinc-100 disabled:cursor-wait disabled:opacity-60"
            >
              {SETTINGS_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {t(`settings.language.currencies.${currency}`)}
                </option>
              ))}
            </select>
            <p
              id={`${id}-currency-example`}
              data-testid="currency-example"
              className="mt-1 text-xs text-zinc-400"
            >
              {t('settings.language.example', { price: formatPriceFromBRL(49.9, currency) })}
            </p>
          </div>
        </div>
      </Section>

      <DataSection />
    </div>
  );
}

export { SettingsPage as Component };
