import { useEffect, useRef } from 'react';
import { apiRequest } from '../api/client';
import { useAuth } from '../auth/session';
import type { UserSettings } from '../../../shared/schemas/site';
import { getLocalRevision, getSettings, replaceSettings, subscribeSettings } from './store';
import { setSavedSettingsState } from './sync-state';
import { clearUnsaved, hasUnsaved, markUnsaved } from './unsaved';

const SAVE_DELAY_MS = 600;

/**
 * Mirrors the preferences to the profile while signed in: at sign-in the saved ones are loaded (or, on a
 * first sign-in, this browser's are saved); later edits are saved shortly after they are made.
 */
export function SettingsSync() {
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  const ready = useRef(false);
  // The local revision as of the last moment nobody was signed in. Edits after it (made while the session
  // was still being checked, or after sign-in) are the signed-in user's and win over the saved ones; edits
  // made while signed out belong to the browser, and the profile's choices replace them at sign-in.
  const signedOutRevision = useRef(getLocalRevision());

  useEffect(() => {
    // Until the session is known, the preferences shown may not be the user's (see sync-state.ts); once a
    // user is known, the effect below owns the state (pending until their saved ones arrive).
    if (!userId) setSavedSettingsState(loading ? 'pending' : 'ready');
    if (loading || userId) return;
    signedOutRevision.current = getLocalRevision();
    return subscribeSettings(() => {
      signedOutRevision.current = getLocalRevision();
    });
  }, [loading, userId]);

  useEffect(() => {
    ready.current = false;
    if (!userId) return;
    setSavedSettingsState('pending');
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let savedRevision = getLocalRevision();
    const save = () => {
      const revision = getLocalRevision();
      savedRevision = revision;
      apiRequest('/api/me/settings', { method: 'PUT', body: getSettings() })
        .then(() => {
          // Only when nothing changed meanwhile: a newer edit keeps the marker until its own save lands.
          if (getLocalRevision() === revision) clearUnsaved(userId);
        })
        .catch((error: unknown) => {
          console.warn('Could not save settings', error);
        });
    };
    const startRevision = signedOutRevision.current;
    apiRequest<{ settings: UserSettings | null }>('/api/me/settings')
      .then(({ settings }) => {
        if (cancelled) return;
        ready.current = true;
        // A choice made on this page while the saved ones were on their way, or made on an earlier page
        // load whose save never went out (reloaded within the debounce), wins over the saved ones.
        if (getLocalRevision() !== startRevision || hasUnsaved(userId) || !settings) save();
        else replaceSettings(settings);
        savedRevision = getLocalRevision();
        setSavedSettingsState('ready');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        ready.current = true;
        console.warn('Could not load settings', error);
        // The saved ones are unknown: this browser's stay on screen and can be changed.
        setSavedSettingsState('ready');
        // The saved ones are unknown, but a choice made meanwhile is still this user's to keep.
        if (getLocalRevision() !== startRevision || hasUnsaved(userId)) save();
      });
    const unsubscribe = subscribeSettings(() => {
      if (getLocalRevision() === savedRevision) return;
      // A local edit by this user (also while their saved ones are on their way): kept across reloads
      // until the profile confirms it.
      if (getLocalRevision() !== startRevision) markUnsaved(userId);
      if (!ready.current) return;
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
