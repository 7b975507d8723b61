/**
 * How often the low band's tracked bass note (the note whose partials the bassPartial cues are near) is
 * the note the bass plays, on DEV pieces only (the held-out half is never read here): per low-band frame,
 * the tracked note against the lowest bass note the piece's score (material.ts composePiece) holds at
 * the frame's centre; the same note within half a semitone, an octave off, or another note.
 *
 *   nice -n 5 npx tsx tests/bench/audio/bass-note.ts [--from 17] [--count 8] [--variants 'default;{"bassNoteTopHz":800}']
 * A variant is the low band's options (low-band-stage.ts LowBandOptions) as JSON; `default` the shipped ones.
 */
import { readFileSync } from 'node:fs';
import type { LowBandOptions } from '../../../lambdas/_lib/stems/low-band-stage';
import { StemSplitStream } from '../../../lambdas/_lib/stems/stem-stream';
import { decodeWav } from '../../../shared/audio/wav';
import { composePiece, ensureMaterial, planHalf } from './material';
import { pushAll } from './stem-frames';

interface Tally {
  same: number;
  octave: number;
  /** Of the octave errors, those an octave up. */
  up: number;
  other: number;
  none: number;
}

/** The tracked bass note (Hz, 0: none) of every low-band frame, and the frames' centres (s). */
function track(channels: Float32Array[], sampleRate: number, lowBand: LowBandOptions) {
  const notes: { centre: number; hz: number }[] = [];
  const stream = new StemSplitStream(sampleRate, channels.length, {
    lowBand,
    lowTap: ({ frame, fftSize, bassHz }) => {
      const hop = fftSize / 4;
      notes.push({ centre: (frame * hop - (fftSize - hop) + fftSize / 2) / sampleRate, hz: bassHz });
    },
  });
  pushAll(stream, channels);
  return notes;
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const from = Number(arg('from') ?? 17);
  const count = Number(arg('count') ?? 8);
  const variants = (arg('variants') ?? 'default').split(';');
  const specs = planHalf('dev');
  const pieces = (await ensureMaterial({ split: 'dev', count: from - 1 + count })).slice(from - 1);
  const totals = variants.map((): Tally => ({ same: 0, octave: 0, up: 0, other: 0, none: 0 }));
  for (const piece of pieces) {
    const spec = specs.find((s) => s.seed === piece.meta.seed)!;
    const score = composePiece(spec).song.bass.flatMap((track) => track.notes);
    const mix = decodeWav(new Uint8Array(readFileSync(piece.files.mix)));
    const row = variants.map((variant, v) => {
      const options = variant === 'default' ? {} : (JSON.parse(variant) as LowBandOptions);
      const tally: Tally = { same: 0, octave: 0, up: 0, other: 0, none: 0 };
      for (const { centre, hz } of track(mix.channels, mix.sampleRate, options)) {
        const beat = (centre * spec.bpm) / 60;
        const playing = score.filter((n) => n.start <= beat && beat < n.start + n.duration);
        if (!playing.length) continue;
        const pitch = Math.min(...playing.map((n) => n.pitch));
        if (!(hz > 0)) {
          tally.none++;
          continue;
        }
        const signed = 12 * Math.log2(hz / (440 * 2 ** ((pitch - 69) / 12)));
        const semitones = Math.abs(signed);
        if (semitones < 0.5) tally.same++;
        else if (Math.abs(semitones - 12) < 0.5) {
          tally.octave++;
          if (signed > 0) tally.up++;
        } else tally.other++;
      }
      for (const key of ['same', 'octave', 'up', 'other', 'none'] as const) totals[v]![key] += tally[key];
      return share(tally);
    });
    console.log(`${piece.meta.id} ${piece.meta.soundfont.padEnd(14)} ${row.join('   ')}`);
  }
  console.log(
    `\nbass note tracked, dev-${from} … dev-${from + count - 1}: same note / octave off (of which up) / other note`,
  );
  variants.forEach((variant, v) => console.log(`${share(totals[v]!)}   ${variant}`));
}

const share = (t: Tally) => {
  const n = t.same + t.octave + t.other + t.none;
  const pc = (x: number) => `${((100 * x) / n).toFixed(1).padStart(5)} %`;
  return `${pc(t.same)} ${pc(t.octave)} (${pc(t.up)} up) ${pc(t.other)}`;
};

await main();
