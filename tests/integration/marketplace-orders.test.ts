import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { createOrder, newOrder } from '../../lambdas/_lib/db/orders';
import type { Order } from '../../shared/schemas/orders';
import {
  call,
  client,
  creator,
  fundedClient,
  publish,
  putAudioBucketObject,
  tinyWav,
} from './marketplace-helpers';

interface Cards {
  totalRevenue: number;
  monthRevenue: number;
  orderCount: number;
  completionRate: number;
  averageRating: number | null;
}

async function deliveryFile(owner: { sub: string }) {
  const key = `deliveries/${owner.sub}/${randomUUID()}/final-mix.wav`;
  await putAudioBucketObject(key, tinyWav(), 'audio/wav');
  return key;
}

describe('order lifecycle', () => {
  it('client hires (coins held) → creator sees it → delivers → client downloads → rates → completed, paid', async () => {
    const seller = creator('Produtora');
    const buyer = await fundedClient('Comprador');
    const project = await publish(seller, { title: 'Contrato', price: 80 });

    const hired = await call<{ order: Order }>('POST', '/api/orders', {
      claims: buyer,
      body: { projectId: project.id },
    });
    expect(hired.status).toBe(201);
    expect(hired.body.order).toMatchObject({
      client_id: buyer.sub,
      creator_id: seller.sub,
      project_id: project.id,
      project_title: 'Contrato',
      amount: 80,
      status: 'pending',
      kind: 'hire',
      coins: 15,
      escrow: 'held',
    });
    const orderId = hired.body.order.id;

    const mine = await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: buyer });
    expect(mine.body.items.map((o) => o.id)).toEqual([orderId]);

    const incoming = await call<{ items: Order[]; cards: Cards }>('GET', '/api/creator/orders', {
      claims: seller,
    });
    expect(incoming.body.items.map((o) => o.id)).toEqual([orderId]);
    // Held, not received: no revenue until the client accepts.
    expect(incoming.body.cards).toMatchObject({
      totalRevenue: 0,
      monthRevenue: 0,
      heldRevenue: 80,
      sales: 0,
      orderCount: 1,
      completionRate: 0,
    });

    const early = await call('GET', `/api/orders/${orderId}/download`, { claims: buyer });
    expect(early.status).toBe(409);

    const fileKey = await deliveryFile(seller);
    const delivered = await call<{ order: Order }>('POST', `/api/creator/orders/${orderId}/deliver`, {
      claims: seller,
      body: { fileKey },
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body.order).toMatchObject({ status: 'delivered', delivery_file_key: fileKey });

    const again = await call('POST', `/api/creator/orders/${orderId}/deliver`, {
      claims: seller,
      body: { fileKey },
    });
    expect(again.status).toBe(409);

    const download = await call<{ url: string; expiresInSeconds: number }>(
      'GET',
      `/api/orders/${orderId}/download`,
      {
        claims: buyer,
      },
    );
    expect(download.status).toBe(200);
    expect(download.body.expiresInSeconds).toBeLessThanOrEqual(300);
    const file = await fetch(download.body.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(tinyWav())).toBe(true);

    const rated = await call<{ order: Order }>('POST', `/api/orders/${orderId}/rating`, {
      claims: buyer,
      body: { rating: 5 },
    });
    expect(rated.status).toBe(200);
    expect(rated.body.order).toMatchObject({ status: 'completed', rating: 5 });

    const twice = await call('POST', `/api/orders/${orderId}/rating`, { claims: buyer, body: { rating: 1 } });
    expect(twice.status).toBe(409);

    const cards = await call<{ cards: Cards }>('GET', '/api/creator/orders', { claims: seller });
    expect(cards.body.cards).toMatchObject({ completionRate: 100, averageRating: 5, totalRevenue: 80 });

    // Still downloadable after rating.
    expect((await call('GET', `/api/orders/${orderId}/download`, { claims: buyer })).status).toBe(200);
  });

  it('lists the client orders newest first', async () => {
    const seller = creator();
    const buyer = await fundedClient();
    const a = await publish(seller, { title: 'A' });
    const b = await publish(seller, { title: 'B' });
    await call('POST', '/api/orders', { claims: buyer, body: { projectId: a.id } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('POST', '/api/orders', { claims: buyer, body: { projectId: b.id } });
    const mine = await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: buyer });
    expect(mine.body.items.map((o) => o.project_title)).toEqual(['B', 'A']);
  });

  it('rating before delivery is refused (409) and a rating outside 1–5 is a 400', async () => {
    const seller = creator();
    const buyer = await fundedClient();
    const project = await publish(seller);
    const { body } = await call<{ order: Order }>('POST', '/api/orders', {
      claims: buyer,
      body: { projectId: project.id },
    });
    expect(
      (await call('POST', `/api/orders/${body.order.id}/rating`, { claims: buyer, body: { rating: 4 } }))
        .status,
    ).toBe(409);
    expect(
      (await call('POST', `/api/orders/${body.order.id}/rating`, { claims: buyer, body: { rating: 6 } }))
        .status,
    ).toBe(400);
  });

  it('a creator cannot hire their own project, and an unknown project is a 404', async () => {
    const seller = creator();
    const project = await publish(seller);
    expect(
      (await call('POST', '/api/orders', { claims: seller, body: { projectId: project.id } })).status,
    ).toBe(409);
    expect(
      (await call('POST', '/api/orders', { claims: client(), body: { projectId: randomUUID() } })).status,
    ).toBe(404);
  });
});

describe('orders written by other flows', () => {
  it('an order whose id was not derived from its created_at (e.g. a paid checkout) is still found and delivered', async () => {
    const seller = creator();
    const buyer = client();
    const project = await publish(seller);
    const order = {
      ...newOrder({
        clientId: buyer.sub,
        creatorId: seller.sub,
        projectId: project.id,
        projectTitle: project.title,
        amount: 10,
        kind: 'purchase',
      }),
      id: ulid(Date.now() - 86_400_000),
    };
    await createOrder(order);
    const fileKey = await deliveryFile(seller);
    const answer = await call<{ order: Order }>('POST', `/api/creator/orders/${order.id}/deliver`, {
      claims: seller,
      body: { fileKey },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.order.status).toBe('delivered');
  });
});

describe('order authorization', () => {
  it("other users can't read, deliver, download or rate an order (404), and clients can't use creator routes (403)", async () => {
    const seller = creator();
    const buyer = await fundedClient();
    const otherCreator = creator();
    const otherClient = client();
    const project = await publish(seller);
    const { body } = await call<{ order: Order }>('POST', '/api/orders', {
      claims: buyer,
      body: { projectId: project.id },
    });
    const orderId = body.order.id;

    expect(
      (await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: otherClient })).body.items,
    ).toEqual([]);
    expect(
      (await call<{ items: Order[] }>('GET', '/api/creator/orders', { claims: otherCreator })).body.items,
    ).toEqual([]);

    const otherKey = await deliveryFile(otherCreator);
    expect(
      (
        await call('POST', `/api/creator/orders/${orderId}/deliver`, {
          claims: otherCreator,
          body: { fileKey: otherKey },
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', '/api/creator/orders', { claims: buyer })).status).toBe(403);
    expect(
      (
        await call('POST', `/api/creator/orders/${orderId}/deliver`, {
          claims: buyer,
          body: { fileKey: otherKey },
        })
      ).status,
    ).toBe(403);

    // The real creator may only deliver their own upload.
    expect(
      (
        await call('POST', `/api/creator/orders/${orderId}/deliver`, {
          claims: seller,
          body: { fileKey: otherKey },
        })
      ).status,
    ).toBe(400);
    await call('POST', `/api/creator/orders/${orderId}/deliver`, {
      claims: seller,
      body: { fileKey: await deliveryFile(seller) },
    });

    expect((await call('GET', `/api/orders/${orderId}/download`, { claims: otherClient })).status).toBe(404);
    expect(
      (await call('POST', `/api/orders/${orderId}/rating`, { claims: otherClient, body: { rating: 1 } }))
        .status,
    ).toBe(404);
    expect((await call('GET', `/api/orders/${orderId}/download`, { claims: seller })).status).toBe(404);

    const untouched = await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: buyer });
    expect(untouched.body.items[0]).toMatchObject({ status: 'delivered', rating: null });
  });

  it('answers 401 without a user', async () => {
    expect((await call('GET', '/api/me/orders')).status).toBe(401);
    expect((await call('POST', '/api/orders', { body: { projectId: 'x' } })).status).toBe(401);
  });
});
