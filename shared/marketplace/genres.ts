/**
 * Product genres of the upload form (spec 1 §9). Kept apart from the zod schemas (schemas/marketplace.ts
 * builds its Genre enum from it) so a page can list them without evaluating zod.
 */
export const PRODUCT_GENRES = [
  'Trap',
  'Drill',
  'Phonk',
  'Future Bass',
  'Lo-Fi',
  'Hip Hop',
  'R&B',
  'Pop',
  'Electronic',
  'Ambient',
  'House',
  'Techno',
] as const;
