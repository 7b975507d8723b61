import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one TanStack Query cache. It is not part of the start bundle: pages that read server data
 * get it through `QueryProvider` (router.tsx wraps their lazy routes), the session's profile through
 * AuthProvider's dynamic import, so the signed-out landing page never downloads TanStack Query.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});
