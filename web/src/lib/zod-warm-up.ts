import { z } from 'zod';

/**
 * Imported on its own before a page (router.tsx): evaluating this module evaluates zod, which every
 * page's schemas share, in a task of its own rather than inside the page's one long evaluation.
 */
export const zodLoaded = typeof z.object === 'function';
