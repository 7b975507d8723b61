/** Pieces made from other dev pieces (mono folds, solo stems), written beside the material. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_OUT, STEMS, type Piece } from './material';

export const PIECE_FILES = ['mix', ...STEMS] as const;
export type PieceFile = (typeof PIECE_FILES)[number];

/**
 * The piece `id` made from `source`, in .local/bench-audio/<split>-<kind>/<id>/ (git-ignored): `write`
 * writes its files when they are missing or were made from another version of `source` (`hash`).
 */
export function derivedPiece(
  source: Piece,
  kind: string,
  id: string,
  hash: string,
  write: (file: (name: PieceFile) => string) => void,
): Piece {
  const dir = join(DEFAULT_OUT, `${source.meta.split}-${kind}`, id);
  const file = (name: PieceFile) => join(dir, `${name}.wav`);
  const metaFile = join(dir, 'meta.json');
  const fresh =
    existsSync(metaFile) && (JSON.parse(readFileSync(metaFile, 'utf8')) as { hash: string }).hash === hash;
  if (!fresh) {
    mkdirSync(dir, { recursive: true });
    write(file);
    writeFileSync(metaFile, JSON.stringify({ ...source.meta, id, hash }));
  }
  return {
    dir,
    meta: { ...source.meta, id, hash },
    files: Object.fromEntries(PIECE_FILES.map((name) => [name, file(name)])) as Piece['files'],
  };
}
