import initSqlJs from 'sql.js';
// The wasm ships with the app (Vite emits it as an asset and gives its URL); never fetched from a CDN.
import sqlWasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { TrackStore, type HistoryStorage, type NewTrack, type TrackRecord } from './track-store';

/**
 * The browser's one TrackStore, opened on first use (sql.js and its wasm load only then, so pages that
 * never touch the history never download them). The generator saves through `saveTrackToHistory`.
 */

let opening: Promise<TrackStore> | undefined;

function browserStorage(): HistoryStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the history lives for this visit only
  }
}

export function openTrackStore(): Promise<TrackStore> {
  opening ??= initSqlJs({ locateFile: () => sqlWasmUrl })
    .then((SQL) => TrackStore.open(SQL, browserStorage()))
    .catch((error: unknown) => {
      opening = undefined; // let the next attempt try again
      throw error;
    });
  return opening;
}

export async function saveTrackToHistory(track: NewTrack): Promise<TrackRecord> {
  const store = await openTrackStore();
  return store.save(track);
}
