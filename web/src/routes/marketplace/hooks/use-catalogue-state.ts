import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  catalogueParams,
  paramsFromState,
  stateFromParams,
  type CatalogueFilters,
  type CatalogueState,
} from '../catalogue-state';

/** How long the search waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The marketplace's state read from and written to the URL (catalogue-state.ts). Every change that
 * alters the results goes back to page 1; typing in the search box updates the URL (replacing the entry,
 * so Back does not replay keystrokes) once the visitor pauses.
 */
export function useCatalogueState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => stateFromParams(params), [params]);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const go = useCallback(
    (change: Partial<CatalogueState>, options: { replace?: boolean } = {}) => {
      const next = { ...stateRef.current, ...change };
      setParams(paramsFromState(next), { replace: options.replace ?? false, preventScrollReset: true });
    },
    [setParams],
  );

  /** A new query: back to page 1. */
  const setFilters = useCallback((filters: CatalogueFilters) => go({ filters, page: 1, cursor: null }), [go]);

  // The search box: its own text while typing; the URL follows after a pause. When the URL's search
  // changes by other means (Back, a link, "clear"), the box shows it.
  const [text, setText] = useState(state.q);
  const [urlQ, setUrlQ] = useState(state.q);
  // What the box itself last sent: the URL catching up with it must not overwrite newer typing.
  const [sent, setSent] = useState<string | null>(null);
  if (urlQ !== state.q) {
    setUrlQ(state.q);
    if (state.q !== sent) setText(state.q);
  }
  useEffect(() => {
    if (text === stateRef.current.q) return;
    const timer = setTimeout(() => {
      setSent(text);
      go({ q: text, page: 1, cursor: null }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, go]);

  /** The catalogue query of the results (without page), and the request of the page shown. */
  const query = useMemo(() => catalogueParams(state).toString(), [state]);
  const pageQuery = useMemo(() => {
    if (!state.cursor) return query;
    const withCursor = new URLSearchParams(query);
    withCursor.set('cursor', state.cursor);
    return withCursor.toString();
  }, [query, state.cursor]);

  return { state, go, setFilters, text, setText, query, pageQuery };
}
