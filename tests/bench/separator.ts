/**
 * Stem separator benchmark: real-time factor on a 3-minute track and SDR per stem on generated mixes
 * whose true stems are known (synth drums → drums, bass → bass, lead (voice-like, centre) → vocals,
 * chords → other). Prints numbers from one run; asserts nothing.
 *   npx tsx tests/bench/separator.ts [--quick]
 */
import { renderTrack } from '../../lambdas/_lib/music/synthesizer';
import { DspSeparator } from '../../lambdas/_lib/stems/dsp-separator';
import type { StemName } from '../../lambdas/_lib/stems/separator';
import { MUSIC_STYLES, type MusicStyle } from '../../shared/audio/styles';
import { decodeWav, encodeWav, type PcmAudio } from '../../shared/audio/wav';

const quick = process.argv.includes('--quick');
const separator = new DspSeparator();

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
}

/** SDR = 10·log10(‖s‖² / ‖s − ŝ‖²) over both channels. */
export function sdr(truth: PcmAudio, estimate: PcmAudio): number {
  let signal = 0;
  let error = 0;
  for (let c = 0; c < truth.channels.length; c++) {
    const s = truth.channels[c]!;
    const e = estimate.channels[c]!;
    for (let i = 0; i < s.length; i++) {
      const d = s[i]! - e[i]!;
      signal += s[i]! * s[i]!;
      error += d * d;
    }
  }
  return 10 * Math.log10(signal / Math.max(error, 1e-12));
}

// 1. Real-time factor on a 3-minute track: three 60 s generated tracks joined.
{
  const parts = (quick ? ['Techno'] : ['Techno', 'Pop', 'Drum & Bass']).map((style) =>
    decodeWav(
      renderTrack({ description: 'bench', style: style as MusicStyle, durationSeconds: 60, seed: 3 }).mix,
    ),
  );
  const frames = parts.reduce((n, p) => n + p.channels[0]!.length, 0);
  const joined: PcmAudio = {
    sampleRate: 44100,
    channels: [new Float32Array(frames), new Float32Array(frames)],
  };
  let at = 0;
  for (const p of parts) {
    joined.channels[0]!.set(p.channels[0]!, at);
    joined.channels[1]!.set(p.channels[1]!, at);
    at += p.channels[0]!.length;
  }
  const wav = encodeWav(joined);
  const seconds = frames / 44100;
  const heapBefore = process.memoryUsage().rss;
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  await separator.separate(wav);
  const cpu = cpuSeconds(t0);
  const wall = (performance.now() - w0) / 1000;
  console.log(
    `separator: ${seconds.toFixed(0)} s track in ${cpu.toFixed(2)} s CPU (${wall.toFixed(2)} s wall) → ` +
      `${(seconds / cpu).toFixed(1)}× real time (target ≥ 10×); RSS +${((process.memoryUsage().rss - heapBefore) / 1e6).toFixed(0)} MB`,
  );
}

// 2. SDR per stem on generated mixes.
const mapping: Record<StemName, ('drums' | 'bass' | 'chords' | 'lead')[]> = {
  drums: ['drums'],
  bass: ['bass'],
  vocals: ['lead'],
  other: ['chords'],
};
const totals: Record<StemName, number[]> = { vocals: [], drums: [], bass: [], other: [] };
for (const style of quick ? MUSIC_STYLES.slice(0, 2) : MUSIC_STYLES) {
  const track = renderTrack({ description: 'benchmark mix', style, durationSeconds: 30, seed: 11 });
  const stems = await separator.separate(track.mix);
  const row: string[] = [];
  for (const name of ['vocals', 'drums', 'bass', 'other'] as StemName[]) {
    const truth = decodeWav(track.stems[mapping[name][0]!]);
    const value = sdr(truth, decodeWav(stems[name]));
    totals[name].push(value);
    row.push(`${name} ${value.toFixed(1)}`);
  }
  console.log(`SDR dB ${style.padEnd(12)} ${row.join('  ')}`);
}
const means = (Object.keys(totals) as StemName[]).map(
  (k) => [k, totals[k].reduce((a, b) => a + b, 0) / totals[k].length] as const,
);
const overall = means.reduce((a, [, v]) => a + v, 0) / means.length;
console.log(
  `SDR dB mean       ${means.map(([k, v]) => `${k} ${v.toFixed(1)}`).join('  ')}  → average ${overall.toFixed(2)} dB (target ≥ 6 dB)`,
);
