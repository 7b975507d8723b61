import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { getProject } from '../../lambdas/_lib/db/projects';
import { call, client, creator, publish } from './marketplace-helpers';

interface FavoriteBody {
  id: string;
  project_id: string;
  beat_title: string;
  beat_creator: string;
  beat_genre: string;
  beat_price: number;
  created_at: string;
}

describe('favourites', () => {
  it('a user likes beats, sees them newest first with the beat fields, and removes one', async () => {
    const owner = creator('Beatmaker');
    const first = await publish(owner, { title: 'Primeiro', price: 10 });
    const second = await publish(owner, { title: 'Segundo', price: 20.5 });
    const fan = client();

    const liked = await call<{ favorite: FavoriteBody }>('POST', '/api/me/favorites', {
      claims: fan,
      body: { projectId: first.id },
    });
    expect(liked.status).toBe(201);
    expect(liked.body.favorite).toMatchObject({
      id: first.id,
      project_id: first.id,
      beat_title: 'Primeiro',
      beat_creator: 'Beatmaker',
      beat_genre: 'Trap',
      beat_price: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('POST', '/api/me/favorites', { claims: fan, body: { projectId: second.id } });

    const list = await call<{ items: FavoriteBody[] }>('GET', '/api/me/favorites', { claims: fan });
    expect(list.body.items.map((f) => f.beat_title)).toEqual(['Segundo', 'Primeiro']);

    const removed = await call('DELETE', `/api/me/favorites/${first.id}`, { claims: fan });
    expect(removed.status).toBe(204);
    const after = await call<{ items: FavoriteBody[] }>('GET', '/api/me/favorites', { claims: fan });
    expect(after.body.items.map((f) => f.beat_title)).toEqual(['Segundo']);
  });

  it('liking the same beat twice keeps one favourite', async () => {
    const beat = await publish(creator());
    const fan = client();
    const once = await call<{ favorite: FavoriteBody }>('POST', '/api/me/favorites', {
      claims: fan,
      body: { projectId: beat.id },
    });
    const twice = await call<{ favorite: FavoriteBody }>('POST', '/api/me/favorites', {
      claims: fan,
      body: { projectId: beat.id },
    });
    expect(twice.status).toBe(200);
    expect(twice.body.favorite.created_at).toBe(once.body.favorite.created_at);
    const list = await call<{ items: FavoriteBody[] }>('GET', '/api/me/favorites', { claims: fan });
    expect(list.body.items).toHaveLength(1);
  });

  it('another user can neither see nor delete my favourite (404, and it stays)', async () => {
    const beat = await publish(creator());
    const fan = client();
    const stranger = client();
    await call('POST', '/api/me/favorites', { claims: fan, body: { projectId: beat.id } });

    expect(
      (await call<{ items: unknown[] }>('GET', '/api/me/favorites', { claims: stranger })).body.items,
    ).toEqual([]);
    const attempt = await call('DELETE', `/api/me/favorites/${beat.id}`, { claims: stranger });
    expect(attempt.status).toBe(404);
    const mine = await call<{ items: FavoriteBody[] }>('GET', '/api/me/favorites', { claims: fan });
    expect(mine.body.items).toHaveLength(1);
  });

  it('answers 404 for an unknown beat or an unknown favourite, 401 without a user, 400 without a projectId', async () => {
    const fan = client();
    expect(
      (await call('POST', '/api/me/favorites', { claims: fan, body: { projectId: randomUUID() } })).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/me/favorites/${randomUUID()}`, { claims: fan })).status).toBe(404);
    expect((await call('GET', '/api/me/favorites')).status).toBe(401);
    expect((await call('POST', '/api/me/favorites', { claims: fan, body: {} })).status).toBe(400);
  });

  it('a like that meets another write on the beat (TransactionConflict on AWS) is retried and counted once', async () => {
    const beat = await publish(creator());
    const fan = client();
    // The twin serialises transactions and never cancels one for a conflict; DynamoDB does when two
    // likes of one beat update its counter at the same moment: the transaction is cancelled with
    // `TransactionConflict` on the counter and nothing is written. The first attempt is answered so.
    type Send = (...args: unknown[]) => Promise<unknown>;
    const send = db.send.bind(db) as Send;
    let attempts = 0;
    (db as unknown as { send: Send }).send = (async (...args: unknown[]) => {
      const command = args[0] as object;
      const touchesBeat =
        command.constructor.name === 'TransactWriteCommand' &&
        JSON.stringify((command as TransactWriteCommand).input).includes(beat.id);
      if (touchesBeat && ++attempts === 1) {
        throw new TransactionCanceledException({
          message:
            'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]',
          $metadata: { httpStatusCode: 400 },
          CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
        });
      }
      return send(...args);
    }) as Send;
    try {
      const liked = await call('POST', '/api/me/favorites', { claims: fan, body: { projectId: beat.id } });
      expect(liked.status).toBe(201);
    } finally {
      (db as unknown as { send: Send }).send = send;
    }
    expect(attempts).toBe(2);
    const list = await call<{ items: FavoriteBody[] }>('GET', '/api/me/favorites', { claims: fan });
    expect(list.body.items.map((f) => f.project_id)).toEqual([beat.id]);
    expect((await getProject(beat.id))?.favorites).toBe(1);
  });
});
