import { useEffect, useRef } from 'react';
import { apiRequest } from '../api/client';
import { useAuth } from '../auth/session';
import type { UserSettings } from '../../../shared/schemas/site';
import { getLocalRevision, getSettings, replaceSettings, subscribeSettings } from './store';

const SAVE_DELAY_MS = 600;

/**
 * Mirrors the preferences to the profile while signed in: at sign-in the saved ones are loaded (or, on a
 * first sign-in, this browser's are saved); later edits are saved shortly after they are made.
 */
export function SettingsSync() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const ready = useRef(false);

  useEffect(() => {
    ready.current = false;
    if (!userId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let savedRevision = getLocalRevision();
    const save = () => {
      savedRevision = getLocalRevision();
      apiRequest('/api/me/settings', { method: 'PUT', body: getSettings() }).catch((error: unknown) => {
        console.warn('Could not save settings', error);
      });
    };
    const startRevision = getLocalRevision();
    apiRequest<{ settings: UserSettings | null }>('/api/me/settings')
      .then(({ settings }) => {
        if (cancelled) return;
        ready.current = true;
        // A choice made on this page while the saved ones were on their way wins over them.
        if (getLocalRevision() !== startRevision || !settings) save();
        else replaceSettings(settings);
        savedRevision = getLocalRevision();
      })
      .catch((error: unknown) => {
        ready.current = true;
        console.warn('Could not load settings', error);
      });
    const unsubscribe = subscribeSettings(() => {
      if (!ready.current || getLocalRevision() === savedRevision) return;
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [userId]);

  return null;
}
