/**
 * Instrument stems for the evaluation material: each stem's MIDI (written with shared/midi/smf) played
 * by fluidsynth through a sampled General MIDI soundfont into a float WAV, read back as planar floats. Its
 * reverb stays on; its chorus is off (on some presets it adds an out-of-phase copy louder than the note).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeWav } from '../../../shared/audio/wav';
import { writeSong, type MidiSongSpec } from '../../../shared/midi/smf';
import { SAMPLE_RATE } from './material-voice';

/** The soundfonts Debian ships (fluid-soundfont-gm, musescore-general-soundfont, timgm6mb-soundfont). */
export const SOUNDFONTS = {
  FluidR3_GM: '/usr/share/sounds/sf2/FluidR3_GM.sf2',
  MuseScore_General: '/usr/share/sounds/sf3/MuseScore_General_Full.sf3',
  TimGM6mb: '/usr/share/sounds/sf2/TimGM6mb.sf2',
  Csound_GMbank: '/usr/share/sounds/sf2/sf_GMbank.sf2',
  OPL3_FM: '/usr/share/sounds/sf2/OPL-3_FM_128M.sf2',
} as const;
export type SoundfontName = keyof typeof SOUNDFONTS;

export function checkTools(soundfonts: SoundfontName[]): void {
  const missing: string[] = [];
  if (spawnSync('fluidsynth', ['--version']).status !== 0) missing.push('fluidsynth');
  if (spawnSync('espeak-ng', ['--version']).status !== 0) missing.push('espeak-ng');
  const packages: Record<SoundfontName, string> = {
    FluidR3_GM: 'fluid-soundfont-gm',
    MuseScore_General: 'musescore-general-soundfont',
    TimGM6mb: 'timgm6mb-soundfont',
    Csound_GMbank: 'csound-soundfont',
    OPL3_FM: 'opl3-soundfont',
  };
  for (const sf of soundfonts) if (!existsSync(SOUNDFONTS[sf])) missing.push(packages[sf]);
  if (missing.length > 0) {
    throw new Error(
      `The evaluation material needs Debian packages: apt-get install -y ${[...new Set(missing)].join(' ')}`,
    );
  }
}

/** Versions of the external tools, part of the cache key (a new fluidsynth may render differently). */
export function toolVersions(): string {
  const first = (cmd: string) => spawnSync(cmd, ['--version']).stdout?.toString().split('\n')[0] ?? '';
  return `${first('fluidsynth')} | ${first('espeak-ng')}`;
}

/**
 * Removes DC and sub-sonic drift in place (a one-pole DC blocker, −3 dB at 5 Hz). Some sound fonts'
 * samples carry an offset: FluidR3_GM's left several stems with a mean of 0.6× their RMS, and a part with
 * no notes came out as a constant, which the level scaling then raised to a "stem" of pure DC.
 */
function blockDc(x: Float32Array): void {
  const pole = 1 - (2 * Math.PI * 5) / SAMPLE_RATE;
  let lastIn = 0;
  let lastOut = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    lastOut = v - lastIn + pole * lastOut;
    lastIn = v;
    x[i] = lastOut;
  }
}

/**
 * Plays the stems' MIDI with `soundfont` into stereo pairs of exactly `frames` frames at 44.1 kHz each.
 * All stems go through one fluidsynth run (loading a large soundfont takes seconds): stem k is shifted
 * to start `k · gap` beats in, the gap leaving room for the previous stem's release and reverb, and its
 * window is cut out of the output. Every song must share one tempo.
 */
export function renderStems(
  songs: MidiSongSpec[],
  soundfont: SoundfontName,
  frames: number,
): [Float32Array, Float32Array][] {
  const bpm = songs[0]!.bpm;
  const samplesPerBeat = (60 / bpm) * SAMPLE_RATE;
  const gapBeats = Math.ceil((frames + 4 * SAMPLE_RATE) / samplesPerBeat);
  const combined: MidiSongSpec = {
    ...songs[0]!,
    tracks: songs.flatMap((song, k) =>
      song.tracks.map((track) => ({
        ...track,
        notes: track.notes.map((n) => ({ ...n, start: n.start + k * gapBeats })),
      })),
    ),
  };
  const dir = mkdtempSync(join(tmpdir(), 'bench-audio-'));
  try {
    const mid = join(dir, 'stems.mid');
    const wav = join(dir, 'stems.wav');
    writeFileSync(mid, writeSong(combined));
    const result = spawnSync(
      'fluidsynth',
      [
        '-ni',
        '-q',
        '-C',
        '0',
        '-g',
        '0.5',
        '-r',
        String(SAMPLE_RATE),
        '-O',
        'float',
        '-T',
        'wav',
        '-F',
        wav,
        '-o',
        'synth.cpu-cores=1',
        '-o',
        'synth.dynamic-sample-loading=1',
        SOUNDFONTS[soundfont],
        mid,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    if (result.status !== 0 || !existsSync(wav))
      throw new Error(`fluidsynth failed: ${result.stderr?.toString() ?? result.error}`);
    const audio = decodeWav(new Uint8Array(readFileSync(wav)));
    const left = audio.channels[0]!;
    const right = audio.channels[1] ?? left;
    return songs.map((_, k) => {
      const from = Math.round(k * gapBeats * samplesPerBeat);
      const pair: [Float32Array, Float32Array] = [new Float32Array(frames), new Float32Array(frames)];
      pair[0].set(left.subarray(from, Math.min(left.length, from + frames)));
      pair[1].set(right.subarray(from, Math.min(right.length, from + frames)));
      for (const channel of pair) blockDc(channel);
      return pair;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
