import { describe, expect, inject, it } from 'vitest';
import { readWavInfo } from '../../shared/audio/wav';
import type { GenerationView, JobAccepted } from '../../shared/schemas/generation';

/**
 * The platform as `npm start` runs it: router → suno-create-music → the platform's own Step Functions
 * twin (AWS_ENDPOINT_URL_SFN, STATE_MACHINE_ARN set by infra/local/platform.ts) → pipeline handlers.
 */
const apiUrl = inject('apiUrl');

describe('generation through the local platform', () => {
  it('an anonymous visitor generates a 30 s track and polls it to a playable WAV', async () => {
    const started = await fetch(`${apiUrl}/api/functions/suno-create-music`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'chill sunset', style: 'Trap', duration: 30 }),
    });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as JobAccepted;

    let job: GenerationView | undefined;
    for (let i = 0; i < 600 && job?.status !== 'succeeded' && job?.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await fetch(`${apiUrl}/api/generations/${jobId}`);
      expect(polled.status).toBe(200);
      job = (await polled.json()) as GenerationView;
    }
    expect(job?.status).toBe('succeeded');
    const audio = await fetch(job!.track!.audioUrl);
    expect(audio.status).toBe(200);
    const info = readWavInfo(new Uint8Array(await audio.arrayBuffer()));
    expect(info.frames / info.sampleRate).toBeCloseTo(30, 1);
    expect(job!.track!.stems.every((stem) => stem.url)).toBe(true);
  });

  it('GET of an unknown job is a 404 with the task-not-found code', async () => {
    const answer = await fetch(`${apiUrl}/api/generations/01J0000000000000000000000000000000000000000`);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('TASK_NOT_FOUND');
  });
});
