import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../../../shared/schemas/profile';
import { apiRequest } from '../../../api/client';

/** PATCH /api/me/profile (the name); the bio lives with the other preferences. */
export function useUpdateName(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fullName: string) =>
      apiRequest<{ profile: Profile }>('/api/me/profile', { method: 'PATCH', body: { full_name: fullName } }),
    onSuccess: ({ profile }) => queryClient.setQueryData(['me', 'profile', userId], profile),
  });
}

/** Cognito ChangePassword through Amplify, loaded only when the form is used. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const [{ configureAuth }, { updatePassword }] = await Promise.all([
    import('../../../auth/amplify'),
    import('aws-amplify/auth'),
  ]);
  await configureAuth();
  await updatePassword({ oldPassword, newPassword });
}

/** Everything the site keeps about the signed-in user that this page can read, as one JSON file. */
export async function downloadMyData(): Promise<void> {
  const [profile, settings] = await Promise.all([
    apiRequest<unknown>('/api/me/profile'),
    apiRequest<unknown>('/api/me/settings'),
  ]);
  const blob = new Blob(
    [JSON.stringify({ exported_at: new Date().toISOString(), profile, settings }, null, 2)],
    {
      type: 'application/json',
    },
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = '5d-meus-dados.json';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Bytes this origin keeps (Cache Storage, IndexedDB, ...) when the browser tells. */
export async function storageUsage(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return typeof estimate?.usage === 'number' ? estimate.usage : null;
  } catch {
    return null;
  }
}

/**
 * Clears what the site cached in this browser: Cache Storage entries and session storage. Preferences,
 * the language choice, the local track history and upload resume records are kept on purpose.
 */
export async function clearSiteCache(): Promise<void> {
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  sessionStorage.clear();
}
