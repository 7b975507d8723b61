import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '../../auth/session';
import { authErrorText } from '../../auth/auth-error-text';
import { TextField, primaryButton } from '../../components/form';
import type { PendingAccount } from './route';
import { useAfterSignIn } from './return-path';

interface ConfirmSignUpFormProps {
  account: PendingAccount;
  onSignedIn: () => void;
  onBack: () => void;
}

/** The code step after sign-up (locally `npm start` prints the code); confirms, then signs in. */
export function ConfirmSignUpForm({ account, onSignedIn, onBack }: ConfirmSignUpFormProps) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const { confirmSignUp, resendSignUpCode, signIn } = useAuth();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    try {
      await confirmSignUp(account.email, code);
    } catch (error) {
      toast.error(t('auth.confirmError'), { description: authErrorText(error, 'confirm', t) });
      setBusy(false);
      return;
    }
    try {
      await signIn(account.email, account.password);
      toast.success(t('auth.loginSuccess'), { description: t(afterSignIn.description) });
      onSignedIn();
    } catch (error) {
      toast.error(t('auth.loginError'), { description: authErrorText(error, 'signIn', t) });
      setBusy(false);
    }
  }

  async function onResend() {
    setResending(true);
    try {
      await resendSignUpCode(account.email);
      toast.success(t('auth.resendSuccess'), {
        description: t('auth.resendSuccessDescription', { email: account.email }),
      });
    } catch (error) {
      toast.error(t('auth.resendError'), { description: authErrorText(error, 'resend', t) });
    } finally {
      setResending(false);
    }
  }

  return (
    <div>
      <h1 className="text-2xl font-bold text-white">{t('auth.confirmTitle')}</h1>
      <p className="mt-1.5 text-sm text-zinc-400">{t('auth.confirmDescription', { email: account.email })}</p>
      <form onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4">
        <TextField
          id="confirm-code"
          name="code"
          label={t('auth.confirmCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          autoFocus
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
        />
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? t('auth.confirmBusy') : t('auth.confirmSubmit')}
        </button>
      </form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={() => void onResend()}
          disabled={resending}
          className="rounded-md px-1 font-medium text-violet-300 hover:text-violet-200 disabled:opacity-60"
        >
          {resending ? t('auth.resendBusy') : t('auth.resendCode')}
        </button>
        <button type="button" onClick={onBack} className="rounded-md px-1 text-zinc-400 hover:text-zinc-200">
          {t('auth.backToSignIn')}
        </button>
      </div>
    </div>
  );
}
