/**
 * The layout of the catalogue's indexes (issue 16), shared by the table definition (infra/
 * table-definition.ts builds the GSIs from it), the indexer that writes entries and the search that
 * reads them (lambdas/_lib/catalogue/). Plain data: names and attributes, no behaviour.
 *
 * Two kinds of index, both over the catalogue's index entries (never over the beats' own items):
 * - cell indexes: an entry carries up to one cell per family (`cat_a`: the whole catalogue or a musical
 *   key; `cat_b`: a genre), and every family is indexed in every order, so each of these cells can be
 *   read in any order with a Query;
 * - the token index: the words of a beat's title, creator and tags, plus tokens for its creator, its
 *   genre × key and its BPM band, each in the slot (`w0`…`w5`) its hash picks, ordered by popularity.
 *   Small or rarely sorted cells live here: one index entry each instead of one per order.
 */
export type KeyType = 'S' | 'N';

export const CATALOGUE_FAMILIES = ['a', 'b'] as const;
export type CatalogueFamily = (typeof CATALOGUE_FAMILIES)[number];

export const CATALOGUE_ORDERS = {
  pop: { attribute: 's_pop', type: 'N' },
  new: { attribute: 's_new', type: 'S' },
  price: { attribute: 's_price', type: 'N' },
  bpm: { attribute: 's_bpm', type: 'N' },
} as const satisfies Record<string, { attribute: string; type: KeyType }>;
export type CatalogueOrder = keyof typeof CATALOGUE_ORDERS;

/** Token index slots; a token's slot is fixed by its hash (shared/marketplace/search-text). */
export const TOKEN_SLOTS = 6;
/** The token index is ordered by popularity (downloads). */
export const TOKEN_ORDER_ATTRIBUTE = CATALOGUE_ORDERS.pop.attribute;

export function catalogueIndexName(family: CatalogueFamily, order: CatalogueOrder): string {
  return `Cat${family.toUpperCase()}-${order}`;
}
export function catalogueCellAttribute(family: CatalogueFamily): string {
  return `cat_${family}`;
}
export function tokenIndexName(slot: number): string {
  return `Token${slot}`;
}
export function tokenAttribute(slot: number): string {
  return `w${slot}`;
}
