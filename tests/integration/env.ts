import { inject } from 'vitest';

/**
 * Runs in each worker before a test file is imported: makes sure the platform's env (endpoints,
 * table, buckets, pool id, fake credentials) is in process.env before any handler or SDK client loads.
 */
Object.assign(process.env, inject('platformEnv'));
