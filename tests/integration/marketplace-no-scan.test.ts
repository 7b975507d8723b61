import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { defaultCreatorSettings } from '../../shared/schemas/marketplace';
import type { Order } from '../../shared/schemas/orders';
import {
  call,
  client,
  creator,
  fund,
  marketplaceRoutes,
  publish,
  putAudioBucketObject,
  sentCommands,
  tinyWav,
} from './marketplace-helpers';

describe('no Scan in request paths', () => {
  it('the guard refuses a Scan sent through the shared client', async () => {
    await expect(db.send(new ScanCommand({ TableName: config.TABLE_NAME }))).rejects.toThrow(
      /Scan is not allowed/,
    );
  });

  it('every marketplace route answers without a Scan', async () => {
    sentCommands.length = 0;
    const seller = creator();
    const buyer = client();
    const project = await publish(seller);
    const fileKey = `deliveries/${seller.sub}/x/file.wav`;
    await putAudioBucketObject(fileKey, tinyWav(), 'audio/wav');

    const called = new Set<string>();
    const hit = async (
      method: string,
      route: string,
      path: string,
      options: Parameters<typeof call>[2] = {},
    ) => {
      const answer = await call(method, path, options);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      called.add(`${method} ${route}`);
      return answer;
    };

    // The catalogue (issue 16): a text search, filters and a sort, a creator search and a play link.
    await hit('GET', '/api/projects', '/api/projects');
    await hit('GET', '/api/projects', '/api/projects', {
      query: { q: 'noite', genre: 'Trap', bpm_min: '120', price_max: '80', sort: 'newest' },
    });
    await hit('GET', '/api/projects/{id}', `/api/projects/${project.id}`);
    await hit('GET', '/api/projects/{id}/audio', `/api/projects/${project.id}/audio`);
    await hit('GET', '/api/catalogue/creators', '/api/catalogue/creators', { query: { q: 'cri' } });
    await hit('POST', '/api/projects', '/api/projects', { claims: buyer, body: {} });
    called.add('POST /api/projects'); // also exercised through publish() above
    await hit('GET', '/api/offers/rare', '/api/offers/rare');
    await hit('POST', '/api/me/favorites', '/api/me/favorites', {
      claims: buyer,
      body: { projectId: project.id },
    });
    await hit('GET', '/api/me/favorites', '/api/me/favorites', { claims: buyer });
    await hit('GET', '/api/me/marks', '/api/me/marks', { claims: buyer, query: { ids: project.id } });
    await hit('DELETE', '/api/me/favorites/{id}', `/api/me/favorites/${project.id}`, { claims: buyer });
    await fund(buyer, 100);
    await hit('GET', '/api/projects/{id}/hire-quote', `/api/projects/${project.id}/hire-quote`, {
      claims: buyer,
    });
    const order = await hit('POST', '/api/orders', '/api/orders', {
      claims: buyer,
      body: { projectId: project.id },
    });
    const orderId = (order.body as { order: Order }).order.id;
    const declined = await hit('POST', '/api/orders', '/api/orders', {
      claims: buyer,
      body: { projectId: project.id },
    });
    const declinedId = (declined.body as { order: Order }).order.id;
    await hit('POST', '/api/creator/orders/{id}/decline', `/api/creator/orders/${declinedId}/decline`, {
      claims: seller,
    });
    await hit('GET', '/api/me/orders', '/api/me/orders', { claims: buyer });
    await hit('GET', '/api/creator/orders', '/api/creator/orders', { claims: seller });
    await hit('POST', '/api/creator/orders/{id}/deliver', `/api/creator/orders/${orderId}/deliver`, {
      claims: seller,
      body: { fileKey },
    });
    await hit('GET', '/api/orders/{id}/download', `/api/orders/${orderId}/download`, { claims: buyer });
    await hit('POST', '/api/orders/{id}/accept', `/api/orders/${orderId}/accept`, { claims: buyer });
    await hit('POST', '/api/orders/{id}/rating', `/api/orders/${orderId}/rating`, {
      claims: buyer,
      body: { rating: 4 },
    });
    await hit('GET', '/api/creators/leaderboard', '/api/creators/leaderboard');
    await hit('GET', '/api/achievements', '/api/achievements');
    await hit('GET', '/api/competitions/active', '/api/competitions/active');
    await hit('GET', '/api/creator/settings', '/api/creator/settings', { claims: seller });
    await hit('PUT', '/api/creator/settings', '/api/creator/settings', {
      claims: seller,
      body: defaultCreatorSettings('x'),
    });

    await hit('GET', '/api/me/purchases', '/api/me/purchases', { claims: buyer });
    await hit('GET', '/api/me/subscriptions', '/api/me/subscriptions', { claims: buyer });

    expect([...called].sort()).toEqual(marketplaceRoutes.map((r) => `${r.method} ${r.path}`).sort());
    expect(sentCommands.length).toBeGreaterThan(15);
    expect(sentCommands.filter((name) => name.includes('Scan'))).toEqual([]);
    expect(new Set(sentCommands)).toEqual(
      new Set(
        sentCommands.filter((n) =>
          [
            'GetCommand',
            // Items by key: the catalogue cells' figures, the vocabulary's words, a page's marks.
            'BatchGetCommand',
            'QueryCommand',
            'PutCommand',
            'UpdateCommand',
            'DeleteCommand',
            // A like and the beat's favourites count change together.
            'TransactWriteCommand',
          ].includes(n),
        ),
      ),
    );
  });
});
