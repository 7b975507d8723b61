/**
 * Mono copies of dev pieces, for fitting and scoring the separator's mono model: every stem and the mix
 * folded to (L + R) / 2 on both channels, as a mono recording (or a mono file exported as stereo) reaches
 * the splitter. The stereo material always widens its voices, so a model fitted on it alone learns that
 * a centred, coherent sound is an instrument; in a mono file everything is centred and coherent.
 * Written to .local/bench-audio/<split>-mono/<id>-mono/ (git-ignored); the held-out half is folded only
 * to be scored, never fitted on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decodeWav, encodeWav } from '../../../shared/audio/wav';
import type { Piece } from './material';
import { derivedPiece, PIECE_FILES } from './material-derived';

/** The mono copy of each piece, written when missing or stale. */
export function monoPieces(pieces: Piece[]): Piece[] {
  return pieces.map((source) =>
    derivedPiece(source, 'mono', `${source.meta.id}-mono`, `${source.meta.hash}:mono`, (file) => {
      for (const name of PIECE_FILES) {
        const audio = decodeWav(new Uint8Array(readFileSync(source.files[name])));
        const left = audio.channels[0]!;
        const right = audio.channels[1] ?? left;
        const folded = left.map((v, i) => (v + right[i]!) / 2);
        writeFileSync(
          file(name),
          encodeWav({ sampleRate: audio.sampleRate, channels: [folded, folded.slice()] }),
        );
      }
    }),
  );
}
