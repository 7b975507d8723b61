import { useCallback, useEffect, useState } from 'react';
import { openTrackStore } from '../open-store';
import type { TrackStore } from '../track-store';

export type StoreState = { status: 'loading' } | { status: 'ready'; store: TrackStore } | { status: 'error' };

/** Opens the local history database and re-renders after each change (`changed`). */
export function useTrackHistory() {
  const [state, setState] = useState<StoreState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    openTrackStore().then(
      (store) => live && setState({ status: 'ready', store }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const changed = useCallback(() => setVersion((value) => value + 1), []);
  return { state, version, changed };
}
