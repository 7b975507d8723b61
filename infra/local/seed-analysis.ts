import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from '../../lambdas/_lib/config';
import type { BeatDetection } from '../../lambdas/_lib/licensing/detect';

/**
 * The seeded beats' tempo and key, found the way an upload's are (issue 18): the stored file is read
 * back from the audio bucket, decoded and analysed by the code behind POST /api/licences/analyse
 * (lambdas/_lib/analysis/stored-audio.ts + lambdas/_lib/licensing/detect.ts).
 *
 * The analysis is about a second per 2-minute beat, and every fresh twin (each e2e file starts one)
 * would repeat it for the same bytes. So answers are kept in node_modules/.cache/5d-seed-analysis under
 * a digest of the file's bytes and of the analysis and decoder sources: a cached answer is only ever
 * the one this exact code gave for this exact file, and any change to either analyses again.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', '5d-seed-analysis');
/** Everything the answer depends on besides the file: decoders, DSP, tempo, key and the detection. */
const ANALYSIS_SOURCES = [
  'shared/audio',
  'lambdas/_lib/audio',
  'lambdas/_lib/analysis',
  'lambdas/_lib/licensing/detect.ts',
];

let codeDigest: Promise<string> | undefined;

async function sourceFiles(entry: string): Promise<string[]> {
  const full = path.join(ROOT, entry);
  if (entry.endsWith('.ts')) return [full];
  const names = await readdir(full, { recursive: true });
  return names.filter((name) => name.endsWith('.ts')).map((name) => path.join(full, name));
}

/** One digest of the analysis code's sources (read once per process). */
function analysisCodeDigest(): Promise<string> {
  codeDigest ??= (async () => {
    const hash = createHash('sha256');
    const files = (await Promise.all(ANALYSIS_SOURCES.map(sourceFiles))).flat().sort();
    for (const file of files) hash.update(path.relative(ROOT, file)).update(await readFile(file));
    return hash.digest('hex');
  })();
  return codeDigest;
}

async function cached(file: string): Promise<BeatDetection | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BeatDetection;
  } catch {
    return undefined;
  }
}

export interface SeedAnalysis {
  detection: BeatDetection;
  /** True when the answer came from the cache (the analysis ran for these bytes before). */
  cached: boolean;
}

/** Tempo, key and duration of a seeded beat stored at `key` whose bytes are `bytes`. */
export async function analyseSeedBeat(key: string, bytes: Uint8Array): Promise<SeedAnalysis> {
  const digest = createHash('sha256')
    .update(await analysisCodeDigest())
    .update(bytes)
    .digest('hex');
  const file = path.join(CACHE_DIR, `${digest}.json`);
  const hit = await cached(file);
  if (hit) return { detection: hit, cached: true };

  const [{ decodeStoredAudio }, { detectBeat }] = await Promise.all([
    import('../../lambdas/_lib/analysis/stored-audio'),
    import('../../lambdas/_lib/licensing/detect'),
  ]);
  const decoded = await decodeStoredAudio(config.AUDIO_BUCKET, key, key.split('/').pop() ?? key);
  const detection = detectBeat(decoded.audio, decoded.durationSeconds);
  // Written aside and renamed: a twin stopped mid-write never leaves a half answer behind.
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, JSON.stringify(detection));
    await rename(partial, file);
  } catch (error) {
    // Only a speed-up: a read-only checkout analyses on every fresh start.
    console.warn('  seed       analysis cache not written:', (error as Error).message);
  }
  return { detection, cached: false };
}
