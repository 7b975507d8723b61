import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Role } from '../../../../shared/schemas/profile';
import { useAuth } from '../../auth/session';
import { authErrorText } from '../../auth/auth-error-text';
import { TextField, primaryButton } from '../../components/form';
import type { PendingAccount } from './route';
import { useAfterSignIn } from './return-path';

interface SignUpFormProps {
  defaultRole: Role;
  onCreated: (account: PendingAccount) => void;
}

export function SignUpForm({ defaultRole, onCreated }: SignUpFormProps) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const { signUp, signIn } = useAuth();
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState<Role>(defaultRole);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fullName = String(form.get('fullName') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setBusy(true);
    try {
      const next = await signUp({ fullName, email, password, role });
      toast.success(t('auth.signUpSuccess'), { description: t('auth.signUpSuccessDescription') });
      if (next === 'confirmSignUp') {
        onCreated({ email, password });
      } else {
        // The pool confirmed the account by itself (auto-confirm): sign in straight away.
        await signIn(email, password);
        toast.success(t('auth.loginSuccess'), { description: t(afterSignIn.description) });
      }
    } catch (error) {
      toast.error(t('auth.signUpError'), { description: authErrorText(error, 'signUp', t) });
    } finally {
      setBusy(false);
    }
  }

  const roles: readonly { value: Role; label: string; description: string }[] = [
    { value: 'client', label: t('auth.client'), description: t('auth.clientDescription') },
    { value: 'creator', label: t('auth.creator'), description: t('auth.creatorDescription') },
  ];

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField id="signup-name" name="fullName" label={t('auth.fullName')} autoComplete="name" required />
      <TextField
        id="signup-email"
        name="email"
        type="email"
        label={t('auth.email')}
        autoComplete="email"
        required
      />
      <TextField
        id="signup-password"
        name="password"
        type="password"
        label={t('auth.password')}
        autoComplete="new-password"
        minLength={8}
        hint={t('auth.passwordHint')}
        required
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-zinc-200">{t('auth.accountType')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {roles.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer flex-col gap-1 rounded-lg border p-3 transition focus-within:ring-2 focus-within:ring-violet-500/50 ${
                role === option.value
                  ? 'border-violet-400/70 bg-violet-500/10'
                  : 'border-white/10 bg-zinc-900 hover:border-white/20'
              }`}
            >
              <span className="flex items-center gap-2 text-sm font-medium text-white">
                <input
                  type="radio"
                  name="role"
                  value={option.value}
                  checked={role === option.value}
                  onChange={() => setRole(option.value)}
                  className="accent-violet-500"
                />
                {option.label}
              </span>
              <span className="text-xs leading-snug text-zinc-400">{option.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? t('auth.busySignUp') : t('auth.submitSignUp')}
      </button>
    </form>
  );
}
