import { STEM_NAMES, type StemName } from '../../../shared/schemas/generation';
import { config } from '../config';
import { advanceJob, jobAudioKeys, type GenerationJob } from '../db/generations';
import { logger } from '../logger';
import { musicProviderFromConfig } from '../music/from-config';
import { isProviderError, type SynthStemName } from '../music/provider';
import { stemSeparatorFromConfig } from '../stems/from-config';
import { DspSeparator } from '../stems/dsp-separator';
import { separateRemotely } from '../stems/remote-split';
import { splitObject } from '../stems/split-object';
import { providerSettings } from '../provider-settings';
import { copyObject, putWav } from './audio-store';
import { splitProgressRecorder, stemKeys } from './split-stems';
import { PipelineError, PROVIDER_ERROR_NAMES } from './failures';
import { liveJob } from './job-tasks';
import type { ExecutionInput } from './start';

/**
 * The state machine's audio tasks (infra/state-machines/generate-then-split.asl.json): generate and split,
 * which read and write audio in S3 and call the providers. The tasks that only touch the job item and the
 * meters (reserve, record, refund, mark failed) are in ./job-tasks.ts, so their functions load neither.
 * Each Lambda handler is a one-line call of one of these. Input is the execution's small state
 * `{jobId, kind, limits}`; the job item holds everything else.
 */

/**
 * A generated track's exact stems, as the splitter's four. The synthesizer has no voice: its lead line
 * is the top melodic part, the one a vocal separator takes out of a mix, so it stands in for 'vocals';
 * the chords are 'other'.
 */
export const SYNTH_STEM_MAP: Record<StemName, SynthStemName> = {
  vocals: 'lead',
  drums: 'drums',
  bass: 'bass',
  other: 'chords',
};

export async function generateTask(input: ExecutionInput): Promise<{ audioKey: string }> {
  const job = await liveJob(input.jobId);
  if (!job.prompt) throw new PipelineError('BadRequest', 'Job has no prompt.');
  await advanceJob(job.id, { status: 'running', progress: 10 });
  const provider = musicProviderFromConfig(await providerSettings());
  let music;
  try {
    music = await provider.generate({ ...job.prompt });
  } catch (error) {
    if (isProviderError(error)) {
      logger.warn('music provider failed', { jobId: job.id, code: error.code, status: error.status });
      throw new PipelineError(PROVIDER_ERROR_NAMES[error.code], error.message, { cause: error });
    }
    throw error;
  }
  const audioKey = jobAudioKeys.mix(job.id);
  await putWav(config.AUDIO_BUCKET, audioKey, music.wav);
  const sourceStems: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(music.stems)) {
    if (!bytes || bytes.byteLength === 0 || !/^[a-z0-9_-]{1,40}$/i.test(name)) continue;
    const key = jobAudioKeys.source(job.id, name);
    await putWav(config.AUDIO_BUCKET, key, bytes);
    sourceStems[name] = key;
  }
  await advanceJob(job.id, {
    progress: 60,
    generated: {
      title: music.title,
      audioKey,
      sourceStems,
      durationSeconds: music.durationSeconds,
      sampleRate: music.sampleRate,
      bpm: music.bpm,
      key: music.key,
      provider: music.provider,
    },
  });
  return { audioKey };
}

export async function splitTask(input: ExecutionInput): Promise<{ stems: number }> {
  const job = await liveJob(input.jobId);
  await advanceJob(job.id, { status: 'running', progress: job.kind === 'split' ? 10 : 70 });
  const bucket = config.AUDIO_BUCKET;
  const stems: Partial<Record<StemName, string>> = {};

  const exact = job.generated?.sourceStems ?? {};
  if (job.kind === 'generate' && STEM_NAMES.every((name) => exact[SYNTH_STEM_MAP[name]])) {
    for (const name of STEM_NAMES) {
      const key = jobAudioKeys.stem(job, name);
      await copyObject(bucket, exact[SYNTH_STEM_MAP[name]] ?? '', key);
      stems[name] = key;
    }
  } else {
    const source =
      job.kind === 'generate'
        ? { bucket, key: job.generated?.audioKey }
        : { bucket: job.source?.bucket, key: job.source?.key };
    if (!source.bucket || !source.key)
      throw new PipelineError('BadRequest', 'Nada para separar: o áudio do job não existe.');
    const separator = stemSeparatorFromConfig(await providerSettings());
    const name = job.source?.name ?? source.key;
    const located = { bucket: source.bucket, key: source.key, name };
    if (separator instanceof DspSeparator) return streamSplit(job, located);
    const separated = await separateRemotely(separator, located);
    // The provider failed: the built-in separator takes over, streamed like a local split.
    if (!separated) return streamSplit(job, located);
    for (const name of STEM_NAMES) {
      const key = jobAudioKeys.stem(job, name);
      await putWav(bucket, key, separated[name]);
      stems[name] = key;
    }
  }
  await advanceJob(job.id, { progress: 90, stems });
  return { stems: Object.keys(stems).length };
}

/** The built-in separator, streamed: any decoded format in, WAV + MP3 stems out, bounded memory. */
async function streamSplit(
  job: GenerationJob,
  source: { bucket: string; key: string; name: string },
): Promise<{ stems: number }> {
  const split = await splitObject(
    source,
    { bucket: config.AUDIO_BUCKET, keys: stemKeys(job) },
    { onProgress: splitProgressRecorder(job) },
  );
  const stems: Partial<Record<StemName, string>> = {};
  const stemsMp3: Partial<Record<StemName, string>> = {};
  for (const stem of STEM_NAMES) {
    stems[stem] = split.stems[stem].wav;
    stemsMp3[stem] = split.stems[stem].mp3;
  }
  await advanceJob(job.id, {
    progress: 90,
    stems,
    stemsMp3,
    stages: { decode: 1, separate: 1, encode: 1 },
    etaSeconds: 0,
  });
  return { stems: STEM_NAMES.length };
}
