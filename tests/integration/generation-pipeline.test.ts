import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStepFunctions } from '../../infra/local/step-functions';
import { decodeWav, readWavInfo } from '../../shared/audio/wav';
import type { GenerationView, JobAccepted } from '../../shared/schemas/generation';
import { db } from '../../lambdas/_lib/clients';
import { listTransactions } from '../../lambdas/_lib/db/ledger';
import { subscriptionUpsert } from '../../lambdas/_lib/db/subscriptions';
import { getWallet } from '../../lambdas/_lib/db/wallets';
import { monthOf, monthlyUsage } from '../../lambdas/_lib/generation/metering';
import { logger } from '../../lambdas/_lib/logger';
import { call, download, fund, useOwnStepFunctions, user, waitForJob } from './generation-helpers';

/** suno-create-music → Step Functions twin → pipeline tasks → GET /api/generations/{id}, built-in synthesizer. */
logger.setLogLevel('WARN');

let twin: LocalStepFunctions;
beforeAll(async () => {
  twin = await useOwnStepFunctions({
    MUSIC_PROVIDER_URL: '',
    GENERATION_PRICE_COINS: '2',
    ANON_DAILY_GENERATIONS: '3',
  });
});
afterAll(async () => {
  await twin.stop();
});

async function subscribe(sub: string, plan: string) {
  const now = new Date().toISOString();
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        subscriptionUpsert({
          sub,
          productId: `prod_${plan}`,
          plan,
          status: 'active',
          stripeSubscriptionId: `sub_${randomUUID()}`,
          currentPeriodStart: now,
          currentPeriodEnd: new Date(Date.now() + 30 * 86400_000).toISOString(),
          eventCreated: Math.floor(Date.now() / 1000),
          now,
        }),
      ],
    }),
  );
}

describe('generate a track end to end', () => {
  it('a 30 s Trap track: job succeeds, the WAV in S3 is 30 s of 44.1 kHz stereo, four exact stems, 2 coins spent', async () => {
    const claims = user();
    await fund(claims.sub, 5);
    const started = await call<JobAccepted>('POST', '/api/functions/suno-create-music', {
      claims,
      body: { description: 'dark night drive with heavy 808', style: 'Trap', duration: 30 },
    });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('queued');

    const job = await waitForJob(started.body.jobId, claims);
    expect(job.status).toBe('succeeded');
    expect(job.success).toBe(true);
    expect(job.progress).toBe(100);
    const track = job.track!;
    expect(track.title).toBe('Dark Night Drive With Heavy');
    expect(track.style).toBe('Trap');

    const mix = await download(track.audioUrl);
    const info = readWavInfo(mix);
    expect(info.sampleRate).toBe(44100);
    expect(info.channels).toBe(2);
    expect(info.frames / info.sampleRate).toBeCloseTo(30, 1);

    expect(track.stems.map((s) => s.name)).toEqual(['vocals', 'drums', 'bass', 'other']);
    const stems = await Promise.all(track.stems.map(async (s) => decodeWav(await download(s.url!))));
    const mixPcm = decodeWav(mix);
    // The synthesizer's mix is the sum of its quantised stems: the four stems add back to it exactly.
    let worst = 0;
    for (let c = 0; c < 2; c++) {
      const m = mixPcm.channels[c]!;
      for (let i = 0; i < m.length; i += 7) {
        const sum = stems.reduce((acc, s) => acc + s.channels[c]![i]!, 0);
        worst = Math.max(worst, Math.abs(sum - m[i]!));
      }
    }
    expect(worst).toBeLessThan(5e-4);

    expect((await getWallet(claims.sub)).balance).toBe(3);
    const ledger = await listTransactions(claims.sub);
    expect(ledger.filter((t) => t.type === 'spend')).toHaveLength(1);
  });

  it('a plan subscriber uses a monthly generation, not coins', async () => {
    const claims = user();
    await subscribe(claims.sub, 'INICIANTE');
    const started = await call<JobAccepted>('POST', '/api/functions/suno-create-music', {
      claims,
      body: { description: 'sunny house groove', style: 'House', duration: 30 },
    });
    expect(started.status).toBe(202);
    expect((await waitForJob(started.body.jobId, claims)).status).toBe('succeeded');
    expect(await monthlyUsage(claims.sub, monthOf(new Date()))).toBe(1);
    expect((await getWallet(claims.sub)).balance).toBe(0);
  });

  it('answers 402 with a clear message when there is no plan and too few coins, and starts nothing', async () => {
    const claims = user();
    await fund(claims.sub, 1);
    const answer = await call<{ error: { code: string; message: string; params: unknown } }>(
      'POST',
      '/api/functions/suno-create-music',
      {
        claims,
        body: { description: 'calm ambient', style: 'Ambient' },
      },
    );
    expect(answer.status).toBe(402);
    expect(answer.body.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(answer.body.error).toMatchObject({ params: { context: 'coins', amount: 2 } });
    expect(answer.body.error.message).toMatch(/2 5D Coins/);
    expect((await getWallet(claims.sub)).balance).toBe(1);
  });

  it('only the owner reads a signed-in job; others get 404', async () => {
    const owner = user();
    await fund(owner.sub, 2);
    const started = await call<JobAccepted>('POST', '/api/functions/suno-create-music', {
      claims: owner,
      body: { description: 'rock anthem', style: 'Rock', duration: 30 },
    });
    const path = `/api/generations/${started.body.jobId}`;
    expect((await call('GET', path, { claims: user() })).status).toBe(404);
    expect((await call('GET', path)).status).toBe(404);
    expect((await waitForJob(started.body.jobId, owner)).status).toBe('succeeded');
    expect((await call('GET', '/api/generations/not-a-job')).status).toBe(404);
  });
});

describe('suno-create-music refusals', () => {
  it('403 INPUT_POLICY with the reason and the spec text for an artist name', async () => {
    const answer = await call<{ error: { code: string; message: string; reason: string } }>(
      'POST',
      '/api/functions/suno-create-music',
      { body: { description: 'a beat like Travis Scott', style: 'Trap' } },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.error).toEqual({
      code: 'INPUT_POLICY',
      params: { context: 'artist' },
      message: 'Remova nomes de artistas/bandas do seu prompt.',
      reason: 'artist',
    });
  });

  it('403 INPUT_POLICY for a producer tag in the lyrics', async () => {
    const answer = await call<{ error: { reason: string; message: string } }>(
      'POST',
      '/api/functions/suno-create-music',
      {
        body: { description: 'trap', lyrics: 'DJ X on the beat', style: 'Trap' },
      },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.error.reason).toBe('producer_tag');
    expect(answer.body.error.message).toBe("Remova tags de produtor como 'DJ X on the beat'.");
  });

  it('400 for a blank description or a duration outside 30/60/90/120', async () => {
    const blank = await call<{ error: { code: string } }>('POST', '/api/functions/suno-create-music', {
      body: { description: '   ' },
    });
    expect(blank.status).toBe(400);
    const duration = await call<{ error: { code: string } }>('POST', '/api/functions/suno-create-music', {
      body: { description: 'x', duration: 45 },
    });
    expect(duration.status).toBe(400);
    expect(duration.body.error.code).toBe('DURATION_INVALID');
    expect(blank.body.error.code).toBe('DESCRIPTION_REQUIRED');
  });

  it('anonymous clients get 3 generations a day, then 429 RATE_LIMIT; other clients are unaffected', async () => {
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const jobs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await call<JobAccepted>('POST', '/api/functions/suno-create-music', {
        sourceIp: ip,
        body: { description: `loop ${i}`, style: 'Techno', duration: 30 },
      });
      expect(answer.status).toBe(202);
      jobs.push(answer.body.jobId);
    }
    const refused = await call<{ error: { code: string; message: string } }>(
      'POST',
      '/api/functions/suno-create-music',
      {
        sourceIp: ip,
        body: { description: 'one more', style: 'Techno', duration: 30 },
      },
    );
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMIT');
    expect(refused.body.error.message).toMatch(/^Muitas solicitações/);
    const other = await call<JobAccepted>('POST', '/api/functions/suno-create-music', {
      sourceIp: `${ip}9`,
      body: { description: 'other client', style: 'Techno', duration: 30 },
    });
    expect(other.status).toBe(202);
    // Anonymous jobs are read by id alone.
    for (const id of [...jobs, other.body.jobId]) {
      const job: GenerationView = await waitForJob(id);
      expect(job.status).toBe('succeeded');
    }
  });
});
