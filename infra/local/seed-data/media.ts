import type { MusicalKey } from '../../../shared/licensing/key-bpm';

/**
 * Playable sample media for the load-test catalogue (`npm run seed:catalogue`): short synthesized loops as
 * real PCM WAVs (kick, clap, hats, a bass line and a held chord at a given tempo and in a given key) and SVG
 * covers. A stand-in until the music synthesizer exists; deterministic per seed.
 */

export const SAMPLE_RATE = 22_050;

function prng(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** 16-bit mono PCM samples in -1..1 → a RIFF/WAVE file. */
export function pcmToWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = samples.length * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  // A DataView: Buffer#writeInt16LE per sample made a 2-minute song's WAV take ~0.2 s.
  const view = new DataView(wav.buffer, wav.byteOffset + 44, data);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(i * 2, Math.round(s * 32767), true);
  }
  return wav;
}

/** The tonic triad above the root: a minor or a major third, and the fifth. */
const TRIAD = { minor: [0, 3, 7], major: [0, 4, 7] } as const;
const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** Whole 4/4 bars of a loop by synthLoop: the fewest at `bpm` that last at least `minSeconds`. */
function loopBars(bpm: number, minSeconds = 3): number {
  return Math.max(1, Math.ceil(minSeconds / ((60 / bpm) * 4)));
}

/** Frames (samples at SAMPLE_RATE) of synthLoop(seed, bpm, minSeconds): its length, without rendering it. */
export function loopFrames(bpm: number, minSeconds = 3): number {
  return Math.round(loopBars(bpm, minSeconds) * 4 * (60 / bpm) * SAMPLE_RATE);
}

/** The key synthLoop plays in when it is given none: a minor key drawn from the seed. */
function defaultLoopKey(seed: number): MusicalKey {
  return { tonic: Math.floor(prng(seed * 31 + 7)() * 12), mode: 'minor' };
}

/**
 * A loop of whole bars lasting at least `minSeconds` (loopFrames), at `bpm` (a quarter note every 60 / bpm
 * s), in `key`, unique to `seed`: drums, a bass on the tonic and its fifth that starts on the tonic, and the
 * tonic chord held through every bar, so the tempo and the key a seeded beat states are what it plays.
 */
export function synthLoop(
  seed: number,
  bpm: number,
  minSeconds = 3,
  key: MusicalKey = defaultLoopKey(seed),
): Float32Array {
  const rand = prng(seed * 7919 + bpm);
  const beatSeconds = 60 / bpm;
  const barSeconds = beatSeconds * 4;
  const bars = loopBars(bpm, minSeconds);
  const length = loopFrames(bpm, minSeconds);
  const out = new Float32Array(length);
  const root = 33 + ((key.tonic + 3) % 12); // the tonic between A1 (MIDI 33) and G#2
  const eighth = beatSeconds / 2;
  const bassNotes = [0, 7, 12];
  const bassLine = Array.from({ length: 8 }, (_, step) =>
    step === 0 ? 0 : rand() < 0.7 ? bassNotes[Math.floor(rand() * bassNotes.length)]! : -1,
  );
  const kickSteps = new Set([0, 4, ...(rand() < 0.5 ? [3] : []), ...(rand() < 0.5 ? [6] : [])]);
  const noise = prng(seed + 1);

  const add = (startSeconds: number, durationSeconds: number, voice: (t: number) => number) => {
    const start = Math.round(startSeconds * SAMPLE_RATE);
    const end = Math.min(length, start + Math.round(durationSeconds * SAMPLE_RATE));
    for (let i = start; i < end; i += 1) out[i]! += voice((i - start) / SAMPLE_RATE);
  };

  const chord = TRIAD[key.mode].map((interval) => midiToHz(root + 24 + interval));
  for (let bar = 0; bar < bars; bar += 1) {
    // Pad: the tonic triad two octaves above the bass, faded in and out over the bar.
    add(bar * barSeconds, barSeconds, (t) => {
      const envelope = Math.min(1, t / 0.05, (barSeconds - t) / 0.05);
      return chord.reduce((sum, hz) => sum + 0.07 * envelope * Math.sin(2 * Math.PI * hz * t), 0);
    });
    for (let step = 0; step < 8; step += 1) {
      const at = (bar * 8 + step) * eighth;
      if (kickSteps.has(step)) {
        // Kick: a sine sweeping down from 150 Hz to 45 Hz with a fast decay.
        add(
          at,
          0.35,
          (t) =>
            0.9 * Math.exp(-t * 9) * Math.sin(2 * Math.PI * (45 * t + (105 / 30) * (1 - Math.exp(-30 * t)))),
        );
      }
      if (step === 2 || step === 6) add(at, 0.18, (t) => 0.35 * Math.exp(-t * 25) * (noise() * 2 - 1)); // clap
      // Closed hat, on the quarters below 100 BPM: eighths there are heard (and analysed) as double time.
      if (bpm >= 100 || step % 2 === 0) add(at, 0.04, (t) => 0.12 * Math.exp(-t * 90) * (noise() * 2 - 1));
      const interval = bassLine[step]!;
      if (interval >= 0) {
        const hz = midiToHz(root + interval);
        add(at, eighth * 0.9, (t) => 0.3 * Math.exp(-t * 4) * Math.sin(2 * Math.PI * hz * t) ** 3);
      }
    }
  }
  // Gentle limiter so layered voices never clip.
  for (let i = 0; i < length; i += 1) out[i] = Math.tanh(out[i]! * 1.2) * 0.9;
  return out;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A 512×512 cover: a gradient per seed, the title and the genre. */
export function coverSvg(seed: number, title: string, genre: string): string {
  const rand = prng(seed * 104729 + 17);
  const hue = Math.floor(rand() * 360);
  const hue2 = (hue + 40 + Math.floor(rand() * 120)) % 360;
  const rings = Array.from({ length: 4 }, (_, i) => {
    const r = 60 + i * 45 + Math.floor(rand() * 20);
    return `<circle cx="380" cy="140" r="${r}" fill="none" stroke="white" stroke-opacity="${0.08 + i * 0.04}" stroke-width="6"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${hue2},75%,18%)"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#g)"/>${rings}
${titleLines(title)}
<text x="${COVER_MARGIN}" y="466" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="white" fill-opacity="0.8"${fitWidth(genre, 24, 400)}>${escapeXml(genre)}</text>
</svg>`;
}

/** Left and right margin of the cover's texts; a text never runs past 512 − 2 × this. */
export const COVER_MARGIN = 36;
export const COVER_TEXT_WIDTH = 512 - 2 * COVER_MARGIN;

/** Rough width of `text` in bold Helvetica at `size` px (average glyph ≈ 0.6 em). */
const textWidth = (text: string, size: number, weight = 400) =>
  [...text].length * size * (weight >= 700 ? 0.62 : 0.55);

/** When the estimate says `text` may not fit, the SVG is told its length so the renderer squeezes it. */
function fitWidth(text: string, size: number, weight: number): string {
  return textWidth(text, size, weight) > COVER_TEXT_WIDTH
    ? ` textLength="${COVER_TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"`
    : '';
}

/**
 * The title on one line, or two by words, at 40 px or smaller, never wider than the cover (issue 18: long
 * titles ran off the right edge and were cut).
 */
function titleLines(title: string): string {
  const words = title.split(/\s+/).filter(Boolean);
  let lines = [title];
  if (textWidth(title, 40, 700) > COVER_TEXT_WIDTH && words.length > 1) {
    // The split that leaves the longer line shortest.
    let best = lines;
    for (let cut = 1; cut < words.length; cut += 1) {
      const pair = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
      const widest = (ls: string[]) => Math.max(...ls.map((l) => l.length));
      if (best.length === 1 || widest(pair) < widest(best)) best = pair;
    }
    lines = best;
  }
  const longest = Math.max(...lines.map((line) => textWidth(line, 1, 700)));
  const size = Math.max(22, Math.min(40, Math.floor(COVER_TEXT_WIDTH / longest)));
  const lastY = 420;
  return lines
    .map((line, index) => {
      const y = lastY - (lines.length - 1 - index) * Math.round(size * 1.15);
      return `<text x="${COVER_MARGIN}" y="${y}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="white"${fitWidth(line, size, 700)}>${escapeXml(line)}</text>`;
    })
    .join('\n');
}
