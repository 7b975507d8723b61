import * as z from 'zod';
import type { LedgerKind } from './pt-BR';

export type { LedgerKind } from './pt-BR';

export type LedgerParams = Readonly<Record<string, string | number>>;

/**
 * What a wallet entry is: a kind of the ledger catalogues (./pt-BR.ts) and the values its text needs.
 * Only the schema lives here (the web's wallet response reads it); ./text.ts turns labels into texts.
 */
export const LedgerLabel = z.object({
  kind: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .max(64),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type LedgerLabel = z.infer<typeof LedgerLabel>;

/** A label of a kind this code knows (the compiler checks the kind). */
export function ledgerLabel(kind: LedgerKind, params: LedgerParams = {}): LedgerLabel {
  return { kind, params: { ...params } };
}
