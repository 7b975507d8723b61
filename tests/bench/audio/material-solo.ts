/**
 * Solo copies of dev pieces, for fitting the separator on inputs with nothing else playing: one stem of a
 * piece alone as the mix (an a-cappella, a lone instrument part), that stem as its own truth and the other
 * three silent. A model fitted on full mixes alone never sees a voice or an instrument without the rest,
 * and that is what an a-cappella upload is. Written to .local/bench-audio/<split>-solo/ (git-ignored);
 * made only from the dev pieces a fit reads, never the held-out half.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decodeWav, encodeWav } from '../../../shared/audio/wav';
import { STEMS, type Piece, type Stem } from './material';
import { derivedPiece } from './material-derived';

/** Which stem of the first fit pieces is copied alone: four singers, two `other` parts, a bass, a kit. */
const SOLOS: readonly Stem[] = ['vocals', 'other', 'vocals', 'bass', 'vocals', 'other', 'vocals', 'drums'];

/** The solo copies of the first pieces (one stem each, by SOLOS), written when missing or stale. */
export function soloPieces(pieces: Piece[]): Piece[] {
  return SOLOS.slice(0, pieces.length).map((stem, i) => {
    const source = pieces[i]!;
    const id = `${source.meta.id}-${stem}-alone`;
    return derivedPiece(source, 'solo', id, `${source.meta.hash}:${stem}`, (file) => {
      const solo = readFileSync(source.files[stem]);
      const audio = decodeWav(new Uint8Array(solo));
      const silence = encodeWav({
        sampleRate: audio.sampleRate,
        channels: audio.channels.map((c) => new Float32Array(c.length)),
      });
      writeFileSync(file('mix'), solo);
      for (const name of STEMS) writeFileSync(file(name), name === stem ? solo : silence);
    });
  });
}
