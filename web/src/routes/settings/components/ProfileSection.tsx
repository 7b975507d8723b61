import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { failureText } from '../../../api/error-text';
import { useAuth } from '../../../auth/session';
import { updateSettings, useSettings } from '../../../settings/store';
import { useUpdateName } from '../api/account';
import { buttonClass, inputClass, Section } from './Controls';
import { textRuleMessage } from '../../../api/text-rule';

/** Perfil: name (profile), e-mail (read-only, it is the sign-in), bio (with the preferences), save. */
export function ProfileSection() {
  const { t } = useTranslation();
  const id = useId();
  const { user, profile, loading } = useAuth();
  const settings = useSettings();
  const [name, setName] = useState('');
  const [bio, setBio] = useState(settings.bio);
  const updateName = useUpdateName(user?.id ?? null);

  useEffect(() => setName(profile?.full_name ?? ''), [profile?.full_name]);
  useEffect(() => setBio(settings.bio), [settings.bio]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    updateSettings({ bio: bio.trim() });
    const trimmed = name.trim();
    if (!trimmed || trimmed === profile?.full_name) {
      toast.success(t('settings.profile.saved'));
      return;
    }
    updateName.mutate(trimmed, {
      onSuccess: () => toast.success(t('settings.profile.saved')),
      // A name the text rule refuses says which character; any other failure says its reason.
      onError: (error) =>
        toast.error(t('settings.profile.error'), {
          description: textRuleMessage(error) ?? failureText(error, t('auth.unknownError')),
        }),
    });
  }

  // While the session is being checked nobody is signed out yet: a loading line, not 'Entre para editar'.
  const signedOut = !loading && !user;
  const disabled = loading || !user;
  return (
    <Section id="profile" title={t('settings.sections.profile')}>
      {loading && (
        <p role="status" aria-live="polite" className="flex items-center gap-2 py-3 text-sm text-zinc-400">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-violet-500 border-t-transparent motion-reduce:animate-none"
          />
          {t('common.loading')}
        </p>
      )}
      {signedOut && (
        <p className="py-3 text-sm text-zinc-400">
          {t('settings.profile.signedOut')}{' '}
          <Link to="/auth" className="font-medium text-violet-300 underline">
            {t('settings.profile.login')}
          </Link>
        </p>
      )}
      <form onSubmit={onSubmit} className="grid gap-4 py-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="text-sm text-zinc-300">
            {t('settings.profile.name')}
          </label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={120}
            required
            disabled={disabled}
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
            autoComplete="name"
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="text-sm text-zinc-300">
            {t('settings.profile.email')}
          </label>
          <input
            id={`${id}-email`}
            value={user?.email ?? ''}
            readOnly
            disabled
            className={inputClass}
            type="email"
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-bio`} className="text-sm text-zinc-300">
            {t('settings.profile.bio')}
          </label>
          <textarea
            id={`${id}-bio`}
            value={bio}
            maxLength={500}
            rows={3}
            disabled={disabled}
            placeholder={t('settings.profile.bioPlaceholder')}
            onChange={(event) => setBio(event.target.value)}
            className={`${inputClass} h-auto py-2`}
          />
        </div>
        <div>
          <button type="submit" disabled={disabled || updateName.isPending} className={buttonClass}>
            {updateName.isPending ? t('settings.profile.saving') : t('settings.profile.save')}
          </button>
        </div>
      </form>
    </Section>
  );
}
