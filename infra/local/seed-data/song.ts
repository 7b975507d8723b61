import { Prng } from '../../../shared/audio/prng';
import { SAMPLE_RATE } from './media';

/**
 * A whole sample beat for the seeded catalogue (issue 18: 3–6 s loops were sold as full beats): a song of
 * at least SEED_SONG_SECONDS in sections (intro, verses, hooks with a melody, a break without drums, an
 * outro that fades), over a chord progression in one key, at the beat's tempo. Each section's 4-bar
 * phrase is rendered once and then laid end to end, so a 2-minute song costs about 30 bars of synthesis
 * (tens of milliseconds). Deterministic per seed; 22.05 kHz mono like the rest of the sample media.
 *
 * Two minutes: a typical beat-store beat runs 2–3½ minutes, and 120 s is also the longest the platform's
 * own generator renders (shared/audio/styles.ts DURATIONS_SECONDS); every extra minute costs the seed
 * ~106 MB of WAV and ~0.6 s of analysis per 40 beats on a fresh twin.
 */
export const SEED_SONG_SECONDS = 120;

export type SectionName = 'intro' | 'verse' | 'hook' | 'break' | 'outro';

interface Layers {
  kick: boolean;
  clap: boolean;
  hats: boolean;
  bass: boolean;
  pad: number;
  lead: boolean;
}

const SECTION_LAYERS: Record<SectionName, Layers> = {
  intro: { kick: false, clap: false, hats: true, bass: false, pad: 1, lead: false },
  verse: { kick: true, clap: true, hats: true, bass: true, pad: 0.6, lead: false },
  hook: { kick: true, clap: true, hats: true, bass: true, pad: 0.8, lead: true },
  break: { kick: false, clap: false, hats: false, bass: false, pad: 1, lead: true },
  outro: { kick: true, clap: false, hats: true, bass: true, pad: 1, lead: false },
};

const MINOR = [0, 2, 3, 5, 7, 8, 10];
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
/** Scale degrees (0 = tonic) of four-bar progressions that state their key. */
const PROGRESSIONS: Record<'major' | 'minor', readonly (readonly number[])[]> = {
  minor: [
    [0, 5, 2, 6],
    [0, 3, 4, 0],
    [0, 5, 3, 4],
    [0, 3, 6, 4],
  ],
  major: [
    [0, 4, 5, 3],
    [0, 5, 3, 4],
    [0, 3, 4, 4],
  ],
};

export interface SongPlan {
  bpm: number;
  /** Pitch class of the tonic, 0 = C. */
  tonic: number;
  mode: 'major' | 'minor';
  /** One entry per 4-bar phrase, in order. */
  phrases: SectionName[];
  barFrames: number;
}

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** The song's sections for at least `minSeconds` at `bpm`: a whole number of 4-bar phrases. */
export function planSong(seed: number, bpm: number, minSeconds = SEED_SONG_SECONDS): SongPlan {
  const rand = new Prng(seed * 7919 + bpm);
  const barFrames = Math.round(((4 * 60) / bpm) * SAMPLE_RATE);
  const phrases = Math.max(5, Math.ceil(Math.ceil((minSeconds * SAMPLE_RATE) / barFrames) / 4));
  // intro, verse, hook, break, verse, hook, outro: the middle phrases shared out, the rest to the hooks.
  const middle = phrases - 3;
  const part = Math.floor(middle / 4);
  const counts = [part, part, part, part];
  for (let left = middle - 4 * part, i = 3; left > 0; left -= 1, i = (i + 3) % 4) counts[i]! += 1;
  const order: SectionName[] = ['intro'];
  const push = (name: SectionName, n: number) => {
    for (let i = 0; i < n; i += 1) order.push(name);
  };
  push('verse', counts[0]!);
  push('hook', counts[1]!);
  order.push('break');
  push('verse', counts[2]!);
  push('hook', counts[3]!);
  order.push('outro');
  return {
    bpm,
    tonic: rand.int(12),
    mode: rand.chance(0.7) ? 'minor' : 'major',
    phrases: order.filter((_, i) => i < phrases),
    barFrames,
  };
}

/** The rendered song (mono, -1..1) and its plan. */
export function synthSong(
  seed: number,
  bpm: number,
  minSeconds = SEED_SONG_SECONDS,
): { pcm: Float32Array; plan: SongPlan } {
  const plan = planSong(seed, bpm, minSeconds);
  const rand = new Prng(seed * 104_723 + bpm);
  const scale = plan.mode === 'minor' ? MINOR : MAJOR;
  const progression = rand.pick(PROGRESSIONS[plan.mode]);
  const noteOf = (degree: number, octaveMidi: number) =>
    octaveMidi + plan.tonic + scale[degree % 7]! + 12 * Math.floor(degree / 7);
  const groove = {
    kicks: new Set([0, 4, ...(rand.chance(0.5) ? [3] : []), ...(rand.chance(0.5) ? [6] : [])]),
    bass: Array.from({ length: 8 }, (_, step) => step === 0 || rand.chance(0.45)),
    // A one-bar motif of scale degrees (-1 = rest), varied in the phrase's 2nd and 4th bars.
    motif: Array.from({ length: 8 }, () => (rand.chance(0.7) ? rand.int(8) : -1)),
    noise: new Prng(seed + 1),
  };
  const phraseFrames = plan.barFrames * 4;
  const sounds = soundBank();
  const rendered = new Map<string, Float32Array>();
  const phrase = (name: SectionName, fill: boolean) => {
    const id = `${name}${fill ? '+fill' : ''}`;
    let buffer = rendered.get(id);
    if (!buffer) {
      buffer = renderPhrase(SECTION_LAYERS[name], fill, plan, progression, groove, noteOf, sounds);
      rendered.set(id, buffer);
    }
    return buffer;
  };

  const pcm = new Float32Array(plan.phrases.length * phraseFrames);
  plan.phrases.forEach((name, index) => {
    // The last phrase of a run of verses or hooks ends on a drum fill into the next section.
    const fill = (name === 'verse' || name === 'hook') && plan.phrases[index + 1] !== name;
    pcm.set(phrase(name, fill), index * phraseFrames);
  });
  // The outro fades out over its phrase.
  const outroStart = (plan.phrases.length - 1) * phraseFrames;
  for (let i = outroStart; i < pcm.length; i += 1) pcm[i]! *= 1 - (i - outroStart) / phraseFrames;
  return { pcm, plan };
}

type Sounds = (id: string, seconds: number, voice: (t: number) => number) => Float32Array;

/** Each distinct sound (a note, a drum hit, a held chord) is rendered once and then mixed in by adding. */
function soundBank(): Sounds {
  const sounds = new Map<string, Float32Array>();
  return (id, seconds, voice) => {
    let sound = sounds.get(id);
    if (!sound) {
      sound = new Float32Array(Math.round(seconds * SAMPLE_RATE));
      for (let i = 0; i < sound.length; i += 1) sound[i] = voice(i / SAMPLE_RATE);
      sounds.set(id, sound);
    }
    return sound;
  };
}

function renderPhrase(
  layers: Layers,
  fill: boolean,
  plan: SongPlan,
  progression: readonly number[],
  groove: { kicks: Set<number>; bass: boolean[]; motif: number[]; noise: Prng },
  noteOf: (degree: number, octaveMidi: number) => number,
  sounds: Sounds,
): Float32Array {
  const length = plan.barFrames * 4;
  const out = new Float32Array(length);
  const eighthFrames = plan.barFrames / 8;
  const eighth = eighthFrames / SAMPLE_RATE;
  const mix = (startFrame: number, sound: Float32Array, gain = 1) => {
    const start = Math.round(startFrame);
    const end = Math.min(length, start + sound.length);
    for (let i = start; i < end; i += 1) out[i]! += sound[i - start]! * gain;
  };
  const tone = (hz: number) => (t: number) =>
    Math.sin(2 * Math.PI * hz * t) + 0.35 * Math.sin(4 * Math.PI * hz * t);
  // Four takes of each noisy hit, so repeated claps and hats are not one identical sample.
  const noisy = (name: string, take: number, seconds: number, gain: number, decay: number) =>
    sounds(`${name}${take}`, seconds, (t) => gain * Math.exp(-t * decay) * groove.noise.bipolar());
  const kick = sounds(
    'kick',
    0.35,
    (t) => 0.9 * Math.exp(-t * 9) * Math.sin(2 * Math.PI * (45 * t + (105 / 30) * (1 - Math.exp(-30 * t)))),
  );

  for (let bar = 0; bar < 4; bar += 1) {
    const chord = progression[bar]!;
    const barStart = bar * plan.barFrames;
    if (layers.pad > 0) {
      // A triad held for the bar, soft attack and release, voiced around middle C.
      const barSeconds = plan.barFrames / SAMPLE_RATE;
      const notes = [chord, chord + 2, chord + 4].map((degree) => tone(midiToHz(noteOf(degree, 60))));
      const pad = sounds(`pad${chord}`, barSeconds, (t) => {
        const sum = notes[0]!(t) + notes[1]!(t) + notes[2]!(t);
        return 0.07 * sum * Math.min(1, t / 0.08, (barSeconds - t) / 0.05);
      });
      mix(barStart, pad, layers.pad);
    }
    const lastBarFill = fill && bar === 3;
    for (let step = 0; step < 8; step += 1) {
      const at = barStart + step * eighthFrames;
      const take = (bar * 8 + step) % 4;
      if (layers.kick && groove.kicks.has(step) && !(lastBarFill && step >= 4)) mix(at, kick);
      const clap = layers.clap && (step === 2 || step === 6 || (lastBarFill && step >= 4));
      if (clap) mix(at, noisy('clap', take, 0.18, 0.35, 25));
      if (layers.hats) mix(at, noisy('hat', take, 0.04, 0.12, 90));
      if (layers.bass && groove.bass[step]) {
        const hz = midiToHz(noteOf(chord, 36));
        mix(
          at,
          sounds(
            `bass${chord}`,
            eighth * 0.9,
            (t) => 0.3 * Math.exp(-t * 4) * Math.sin(2 * Math.PI * hz * t) ** 3,
          ),
        );
      }
      const motif = groove.motif[step]!;
      if (layers.lead && motif >= 0) {
        // Bars 2 and 4 answer the motif a third higher; bar 4 ends on the tonic.
        const degree = bar === 3 && step >= 6 ? 7 : motif + (bar % 2 === 1 ? 2 : 0);
        const voice = tone(midiToHz(noteOf(degree, 72)));
        mix(
          at,
          sounds(
            `lead${degree}`,
            eighth * 0.95,
            (t) => 0.1 * voice(t) * Math.exp(-t * 3) * Math.min(1, t / 0.01),
          ),
        );
      }
    }
  }
  // Gentle limiter so layered voices never clip.
  for (let i = 0; i < length; i += 1) out[i] = Math.tanh(out[i]! * 1.2) * 0.9;
  return out;
}
