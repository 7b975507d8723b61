import { describe, expect, it } from 'vitest';
import { deliveredKinds, RENDITIONS_JOB_STALE_SECONDS } from '../../shared/licensing/delivery';
import type { ProjectRecord } from '../../lambdas/_lib/db/projects';
import {
  MP3_FAILED,
  needsRenditions,
  renditionKeys,
  renditionsState,
} from '../../lambdas/_lib/licensing/renditions';

const now = new Date('2026-11-26T12:00:00.000Z');
const beat = (fields: Partial<ProjectRecord> = {}) =>
  ({ audio_key: 'audio/u/1_beat.WAV', ...fields }) as ProjectRecord;

describe('the files of a tier', () => {
  it('an Exclusive lists stems only when the beat has them; a Trackout always does', () => {
    expect(deliveredKinds('exclusive', false)).toEqual(['mp3', 'wav']);
    expect(deliveredKinds('exclusive', true)).toEqual(['mp3', 'wav', 'stems']);
    expect(deliveredKinds('trackout', true)).toEqual(['mp3', 'wav', 'stems']);
    expect(deliveredKinds('mp3', true)).toEqual(['mp3']);
  });
});

describe('renditions of a WAV beat', () => {
  it('only a WAV upload needs them (an uploaded MP3 is the lease file itself)', () => {
    expect(needsRenditions(beat())).toBe(true);
    expect(needsRenditions(beat({ audio_key: 'audio/u/1_beat.mp3' }))).toBe(false);
  });

  it('keys are per job, so a new run never overwrites a file being downloaded', () => {
    expect(renditionKeys('P1', 'J1')).toEqual({
      mp3: 'renditions/P1/J1/master-320.mp3',
      preview: 'renditions/P1/J1/preview-128.mp3',
    });
    expect(renditionKeys('P1', 'J2').mp3).not.toBe(renditionKeys('P1', 'J1').mp3);
  });

  it('the MP3 is ready only with its key; a running job is preparing', () => {
    expect(renditionsState(beat({ renditions_status: 'ready', mp3_key: 'k.mp3' }), now)).toEqual({
      status: 'ready',
      key: 'k.mp3',
    });
    expect(renditionsState(beat({ renditions_status: 'ready' }), now)).toEqual({ status: 'none' });
    expect(renditionsState(beat(), now)).toEqual({ status: 'none' });
    const running = renditionsState(
      beat({
        renditions_status: 'preparing',
        renditions_started_at: new Date(now.getTime() - 5_000).toISOString(),
      }),
      now,
    );
    expect(running).toEqual({ status: 'preparing' });
  });

  it('a job preparing past its timeout, or failed, is reported as failed by code (and may be retried)', () => {
    const started = new Date(now.getTime() - (RENDITIONS_JOB_STALE_SECONDS + 1) * 1000).toISOString();
    expect(
      renditionsState(beat({ renditions_status: 'preparing', renditions_started_at: started }), now),
    ).toEqual({
      status: 'failed',
      error: { code: 'MP3_FAILED', params: { context: 'stale' } },
    });
    expect(renditionsState(beat({ renditions_status: 'failed' }), now)).toEqual({
      status: 'failed',
      error: MP3_FAILED,
    });
    // The failure recorded by the job, as a code; an item written before codes held a pt-BR sentence.
    const recorded = { code: 'AUDIO_CORRUPT', params: {} };
    expect(renditionsState(beat({ renditions_status: 'failed', renditions_error: recorded }), now)).toEqual({
      status: 'failed',
      error: recorded,
    });
    expect(
      renditionsState(beat({ renditions_status: 'failed', renditions_error: 'Não foi possível…' }), now),
    ).toEqual({ status: 'failed', error: { code: 'MP3_FAILED', params: {} } });
  });
});
