/**
 * Mono copies of dev pieces, for fitting and scoring the separator's mono model: every stem and the mix
 * folded to (L + R) / 2 on both channels, as a mono recording (or a mono file exported as stereo) reaches
 * the splitter. The stereo material always widens its voices, so a model fitted on it alone learns that
 * a centred, coherent sound is an instrument; in a mono file everything is centred and coherent.
 * Written to .local/bench-audio/<split>-mono/<id>-mono/ (git-ignored); the held-out half is folded only
 * to be scored, never fitted on.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeWav, encodeWav } from '../../../shared/audio/wav';
import { DEFAULT_OUT, STEMS, type Piece } from './material';

const FILES = ['mix', ...STEMS] as const;

/** The mono copy of each piece, written when missing or stale. */
export function monoPieces(pieces: Piece[]): Piece[] {
  return pieces.map((source) => {
    const id = `${source.meta.id}-mono`;
    const dir = join(DEFAULT_OUT, `${source.meta.split}-mono`, id);
    const hash = `${source.meta.hash}:mono`;
    const file = (name: string) => join(dir, `${name}.wav`);
    const metaFile = join(dir, 'meta.json');
    const fresh =
      existsSync(metaFile) && (JSON.parse(readFileSync(metaFile, 'utf8')) as { hash: string }).hash === hash;
    if (!fresh) {
      mkdirSync(dir, { recursive: true });
      for (const name of FILES) {
        const audio = decodeWav(new Uint8Array(readFileSync(source.files[name])));
        const left = audio.channels[0]!;
        const right = audio.channels[1] ?? left;
        const folded = left.map((v, i) => (v + right[i]!) / 2);
        writeFileSync(
          file(name),
          encodeWav({ sampleRate: audio.sampleRate, channels: [folded, folded.slice()] }),
        );
      }
      writeFileSync(metaFile, JSON.stringify({ ...source.meta, id, hash }));
    }
    return {
      dir,
      meta: { ...source.meta, id, hash },
      files: Object.fromEntries(FILES.map((name) => [name, file(name)])) as Piece['files'],
    };
  });
}
