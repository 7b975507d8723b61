import { useSyncExternalStore } from 'react';
import type { UserSettings } from '../../../shared/schemas/site';
import { DEFAULT_SETTINGS, SETTINGS_CURRENCIES, SETTINGS_LANGUAGES } from '../../../shared/site-rules';

/**
 * The user's site preferences (/settings): one small store kept in localStorage, applied to the page
 * (`<html>` classes, i18n language) on every change, and mirrored to the profile when signed in
 * (SettingsSync). Kept free of zod and React Query so the app shell stays light.
 */
export const SETTINGS_STORAGE_KEY = '5d.settings';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: UserSettings = DEFAULT_SETTINGS;
/** Bumped by local edits (not by loading from the server), so SettingsSync knows what to upload. */
let localRevision = 0;

const booleanKeys = [
  'darkMode',
  'reducedMotion',
  'pushNotifications',
  'marketingEmails',
  'newReleases',
  'publicProfile',
  'autoplay',
  'highQuality',
] as const;

/** Keeps known keys with valid values; anything else falls back to the default. */
export function sanitizeSettings(value: unknown): UserSettings {
  const input = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const result: UserSettings = { ...DEFAULT_SETTINGS };
  if ((SETTINGS_LANGUAGES as readonly unknown[]).includes(input.language)) {
    result.language = input.language as UserSettings['language'];
  }
  if ((SETTINGS_CURRENCIES as readonly unknown[]).includes(input.currency)) {
    result.currency = input.currency as UserSettings['currency'];
  }
  for (const key of booleanKeys) if (typeof input[key] === 'boolean') result[key] = input[key];
  if (typeof input.bio === 'string') result.bio = input.bio.slice(0, 500);
  return result;
}

function readStored(): unknown {
  try {
    const text = localStorage.getItem(SETTINGS_STORAGE_KEY);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null; // storage blocked or a damaged value: start from the defaults
  }
}

function persist(settings: UserSettings): void {
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // storage unavailable: the choice still applies to this visit
  }
}

export function getSettings(): UserSettings {
  return current;
}

export function getLocalRevision(): number {
  return localRevision;
}

export function subscribeSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: UserSettings): void {
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  persist(next);
  for (const listener of listeners) listener();
}

/** A change made by the user on this device. */
export function updateSettings(patch: Partial<UserSettings>): void {
  localRevision += 1;
  set(sanitizeSettings({ ...current, ...patch }));
}

/** Settings loaded from the profile at sign-in (not a local edit: nothing to upload back). */
export function replaceSettings(settings: UserSettings): void {
  set(sanitizeSettings(settings));
}

/** Reads what this browser stored; `language` is whatever i18n resolved at start. */
export function loadSettings(language: UserSettings['language']): UserSettings {
  const stored = readStored();
  current = sanitizeSettings({ ...(stored && typeof stored === 'object' ? stored : {}), language });
  return current;
}

export function useSettings(): UserSettings {
  return useSyncExternalStore(subscribeSettings, getSettings, getSettings);
}
