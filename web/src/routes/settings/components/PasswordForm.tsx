import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { authErrorText } from '../../../auth/auth-error-text';
import { useAuth } from '../../../auth/session';
import { changePassword } from '../api/account';
import { buttonClass, inputClass } from './Controls';

export function PasswordForm() {
  const { t } = useTranslation();
  const id = useId();
  const { user, loading } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      toast.success(t('settings.privacy.success'));
    } catch (error) {
      toast.error(t('settings.privacy.error'), {
        description: authErrorText(error, 'changePassword', t),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="py-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-medium text-zinc-100">
        {t('settings.privacy.changePassword')}
      </h3>
      {!loading && !user && <p className="text-sm text-zinc-400">{t('settings.privacy.signedOut')}</p>}
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-current`} className="text-sm text-zinc-300">
            {t('settings.privacy.currentPassword')}
          </label>
          <input
            id={`${id}-current`}
            type="password"
            required
            autoComplete="current-password"
            disabled={!user}
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-new`} className="text-sm text-zinc-300">
            {t('settings.privacy.newPassword')}
          </label>
          <input
            id={`${id}-new`}
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
            aria-describedby={`${id}-hint`}
            disabled={!user}
            value={next}
            onChange={(event) => setNext(event.target.value)}
            className={inputClass}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
            {t('settings.privacy.passwordHint')}
          </p>
        </div>
      </div>
      <button type="submit" disabled={!user || busy} className={`${buttonClass} mt-3`}>
        {busy ? t('settings.privacy.busy') : t('settings.privacy.submit')}
      </button>
    </form>
  );
}
