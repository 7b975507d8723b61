import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '../../auth/session';
import { authErrorText } from '../../auth/auth-error-text';
import { TextField, primaryButton } from '../../components/form';
import type { PendingAccount } from './route';
import { useAfterSignIn } from './return-path';

interface SignInFormProps {
  onSignedIn: () => void;
  onNeedsConfirmation: (account: PendingAccount) => void;
}

export function SignInForm({ onSignedIn, onNeedsConfirmation }: SignInFormProps) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const { signIn } = useAuth();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setBusy(true);
    try {
      const outcome = await signIn(email, password);
      if (outcome === 'confirmSignUp') {
        onNeedsConfirmation({ email, password });
        return;
      }
      toast.success(t('auth.loginSuccess'), { description: t(afterSignIn.description) });
      onSignedIn();
    } catch (error) {
      toast.error(t('auth.loginError'), { description: authErrorText(error, 'signIn', t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        id="signin-email"
        name="email"
        type="email"
        label={t('auth.email')}
        autoComplete="email"
        required
      />
      <TextField
        id="signin-password"
        name="password"
        type="password"
        label={t('auth.password')}
        autoComplete="current-password"
        required
      />
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? t('auth.busySignIn') : t('auth.submitSignIn')}
      </button>
    </form>
  );
}
