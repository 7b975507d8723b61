import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { routeTitle } from '../route-paths';

/**
 * The browser tab names the page in the user's language ('Marketplace — 5D'), from the page's path
 * (route-paths.ts). A layout effect: it runs before the pages' own effects, so a page that knows a more
 * specific title (a beat's, a creator's) sets it after this with useDocumentTitle.
 */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const key = routeTitle(pathname);
  useLayoutEffect(() => {
    document.title = key === 'home' ? t('titles.home') : t('titles.page', { page: t(`titles.${key}`) });
  }, [key, t]);
}

/** A page's own title once it knows it (no restore on leaving: the next page sets its own). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
