/**
 * Per-piece result cache for the separator bench (separator.ts), so an interrupted run continues where it
 * stopped instead of starting over: on a loaded 2-core machine a full half takes longer than a session.
 *
 * A piece's scores are kept in .local/bench-audio/scores/<split>/<system>/<piece>.json (git-ignored) with
 * the key they were computed under: the piece's material hash (meta.json) and the system's code hash —
 * the separator's sources (lambdas/_lib/stems/, the FFT and WAV modules), the evaluator script and the
 * system's options (a refitted model is part of its options). Change any of them and the piece is
 * separated and scored again. Each entry also keeps the CPU and wall seconds of its separation, so the
 * speed line is the sum over the pieces whether they were separated in this run or an earlier one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_OUT, type Piece, type Split, type Stem } from './material';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');

export interface Scores {
  sdr: Record<Stem, number>;
  sir: Record<Stem, number>;
  sar: Record<Stem, number>;
}

export interface PieceResult {
  scores: Scores;
  audioSeconds: number;
  cpuSeconds: number;
  wallSeconds: number;
}

interface CacheEntry extends PieceResult {
  pieceHash: string;
  codeHash: string;
}

function sourceFiles(): string[] {
  const stems = join(ROOT, 'lambdas/_lib/stems');
  return [
    ...readdirSync(stems)
      .filter((f) => f.endsWith('.ts'))
      .sort()
      .map((f) => join(stems, f)),
    join(ROOT, 'shared/audio/fft.ts'),
    join(ROOT, 'shared/audio/wav.ts'),
    join(HERE, 'separator_eval.py'),
  ];
}

let sourcesDigest: string | undefined;

/** Hash of the separator's code, the evaluator and one system's options. */
export function codeHash(options: unknown): string {
  if (!sourcesDigest) {
    const h = createHash('sha256');
    for (const file of sourceFiles()) h.update(file.slice(ROOT.length)).update(readFileSync(file));
    sourcesDigest = h.digest('hex');
  }
  return createHash('sha256')
    .update(sourcesDigest)
    .update(JSON.stringify(options) ?? '')
    .digest('hex')
    .slice(0, 16);
}

/** Hash of the evaluator alone: the reference rows (oracle IRM, mixture) depend on nothing else. */
export function evaluatorHash(): string {
  return createHash('sha256')
    .update(readFileSync(join(HERE, 'separator_eval.py')))
    .digest('hex')
    .slice(0, 16);
}

export class ScoreCache {
  private readonly dir: string;

  constructor(
    split: Split,
    system: string,
    private readonly code: string,
    root = join(DEFAULT_OUT, 'scores'),
  ) {
    this.dir = join(root, split, system.replace(/[^\w-]+/g, '_'));
  }

  get(piece: Piece): PieceResult | undefined {
    const file = join(this.dir, `${piece.meta.id}.json`);
    if (!existsSync(file)) return undefined;
    const entry = JSON.parse(readFileSync(file, 'utf8')) as CacheEntry;
    if (entry.pieceHash !== piece.meta.hash || entry.codeHash !== this.code) return undefined;
    return entry;
  }

  put(piece: Piece, result: PieceResult): void {
    mkdirSync(this.dir, { recursive: true });
    const entry: CacheEntry = { ...result, pieceHash: piece.meta.hash, codeHash: this.code };
    writeFileSync(join(this.dir, `${piece.meta.id}.json`), JSON.stringify(entry));
  }
}
