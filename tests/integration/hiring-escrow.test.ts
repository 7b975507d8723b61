import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createProfile } from '../../lambdas/_lib/db/profiles';
import { createOrder, newOrder } from '../../lambdas/_lib/db/orders';
import { listTransactions, sumLedger } from '../../lambdas/_lib/db/ledger';
import { getWallet } from '../../lambdas/_lib/db/wallets';
import type { CreatorFigures } from '../../shared/creator-figures';
import type { HireQuote, Order } from '../../shared/schemas/orders';
import type { CreatorPublicProfile } from '../../shared/schemas/site';
import {
  call,
  client,
  creator,
  fund,
  fundedClient,
  publish,
  putAudioBucketObject,
  tinyWav,
  type Claims,
} from './marketplace-helpers';
import { call as siteCall } from './site-helpers';

/**
 * Paid hiring (issue 17): the hire is paid in 5D Coins up front and held for the order; the coins reach
 * the creator when the client accepts (or rates) the delivery, or by themselves when the review period
 * ends; they go back to the client when the creator declines or misses the deadline. Every move is one
 * ledger entry in one transaction, so every wallet always equals the sum of its ledger. And the
 * creator's figures (issue 18) are the same on the Creator Hub and the public profile.
 */
const COINS_PER_80 = 15; // R$ 80 at the default R$ 5,40 per coin (14.8, rounded up)

afterEach(() => {
  delete process.env.HIRE_DELIVERY_SECONDS;
  delete process.env.HIRE_REVIEW_SECONDS;
});

async function sellerWithProfile(name = `Produtora ${randomUUID().slice(0, 6)}`) {
  const seller = creator(name);
  await createProfile({
    id: seller.sub,
    full_name: name,
    email: '',
    role: 'creator',
    created_at: new Date().toISOString(),
  });
  return { seller, name };
}

async function hire(buyer: Claims, projectId: string, extra: Record<string, unknown> = {}) {
  return call<{ order: Order; error?: { code: string; params?: Record<string, number> } }>(
    'POST',
    '/api/orders',
    {
      claims: buyer,
      body: { projectId, ...extra },
    },
  );
}

async function deliver(seller: Claims, orderId: string) {
  const fileKey = `deliveries/${seller.sub}/${randomUUID()}/final.wav`;
  await putAudioBucketObject(fileKey, tinyWav(), 'audio/wav');
  return call<{ order: Order }>('POST', `/api/creator/orders/${orderId}/deliver`, {
    claims: seller,
    body: { fileKey },
  });
}

async function expectLedgerMatches(sub: string) {
  const [wallet, ledger] = await Promise.all([getWallet(sub), sumLedger(sub)]);
  expect(ledger.sum, `ledger of ${sub}`).toBe(wallet.balance);
  return wallet.balance;
}

const cardsOf = async (seller: Claims) =>
  (await call<{ items: Order[]; cards: CreatorFigures }>('GET', '/api/creator/orders', { claims: seller }))
    .body;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('hiring is paid first', () => {
  it('the quote shows the price in R$ and in coins, the periods and the balance', async () => {
    const seller = creator();
    const project = await publish(seller, { price: 80 });
    const buyer = client();
    await fund(buyer, 20);
    const quote = await call<{ quote: HireQuote }>('GET', `/api/projects/${project.id}/hire-quote`, {
      claims: buyer,
    });
    expect(quote.status).toBe(200);
    expect(quote.body.quote).toMatchObject({
      project_id: project.id,
      price_brl: 80,
      coins: COINS_PER_80,
      coin_value_brl: 5.4,
      delivery_days: 7,
      review_days: 3,
      balance: 20,
    });
  });

  it('without enough coins: 402 with what it costs, and nothing changes', async () => {
    const seller = creator();
    const project = await publish(seller, { price: 80 });
    const buyer = client();
    await fund(buyer, 5);
    const answer = await hire(buyer, project.id);
    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      params: { needed: COINS_PER_80, balance: 5 },
    });
    expect((await getWallet(buyer.sub)).balance).toBe(5);
    expect((await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: buyer })).body.items).toEqual(
      [],
    );
    expect((await cardsOf(seller)).items).toEqual([]);
  });

  it('holds the coins; accepting the delivery pays the creator; revenue counts only then', async () => {
    const seller = creator();
    const project = await publish(seller, { price: 80, title: 'Mix e master' });
    const buyer = await fundedClient('Cliente', 50);
    const hired = await hire(buyer, project.id, { brief: 'Mix de 4 faixas\nentrega em WAV' });
    expect(hired.status).toBe(201);
    expect(hired.body.order).toMatchObject({
      kind: 'hire',
      escrow: 'held',
      coins: COINS_PER_80,
      status: 'pending',
      brief: 'Mix de 4 faixas\nentrega em WAV',
    });
    expect(await expectLedgerMatches(buyer.sub)).toBe(50 - COINS_PER_80);
    expect((await listTransactions(buyer.sub))[0]).toMatchObject({
      type: 'escrow_hold',
      amount: -COINS_PER_80,
      // Stored as a kind + params, read in the reader's language (shared/i18n/ledger).
      label: { kind: 'hire_hold', params: { title: 'Mix e master', coins: COINS_PER_80 } },
    });
    expect((await cardsOf(seller)).cards).toMatchObject({
      totalRevenue: 0,
      sales: 0,
      heldRevenue: 80,
      orderCount: 1,
    });

    const orderId = hired.body.order.id;
    // Nothing to accept before delivery.
    expect((await call('POST', `/api/orders/${orderId}/accept`, { claims: buyer })).status).toBe(409);
    const delivered = await deliver(seller, orderId);
    expect(delivered.body.order.review_until).not.toBeNull();
    expect((await getWallet(seller.sub)).balance).toBe(0);

    const accepted = await call<{ order: Order }>('POST', `/api/orders/${orderId}/accept`, { claims: buyer });
    expect(accepted.status).toBe(200);
    expect(accepted.body.order).toMatchObject({ status: 'completed', escrow: 'released', rating: null });
    expect(await expectLedgerMatches(seller.sub)).toBe(COINS_PER_80);
    expect((await listTransactions(seller.sub))[0]).toMatchObject({
      type: 'hire_payout',
      amount: COINS_PER_80,
      label: { kind: 'hire_payout', params: { title: 'Mix e master', coins: COINS_PER_80 } },
    });
    expect((await call('POST', `/api/orders/${orderId}/accept`, { claims: buyer })).status).toBe(409);
    expect((await cardsOf(seller)).cards).toMatchObject({ totalRevenue: 80, sales: 1, heldRevenue: 0 });

    // Rated after acceptance, once; the coins do not move again.
    expect(
      (await call('POST', `/api/orders/${orderId}/rating`, { claims: buyer, body: { rating: 5 } })).status,
    ).toBe(200);
    expect(
      (await call('POST', `/api/orders/${orderId}/rating`, { claims: buyer, body: { rating: 1 } })).status,
    ).toBe(409);
    expect(await expectLedgerMatches(seller.sub)).toBe(COINS_PER_80);
    expect(await expectLedgerMatches(buyer.sub)).toBe(50 - COINS_PER_80);
  });

  it('rating a delivered hire accepts it and pays the creator in the same move', async () => {
    const seller = creator();
    const project = await publish(seller, { price: 80 });
    const buyer = await fundedClient();
    const { body } = await hire(buyer, project.id);
    await deliver(seller, body.order.id);
    const rated = await call<{ order: Order }>('POST', `/api/orders/${body.order.id}/rating`, {
      claims: buyer,
      body: { rating: 4 },
    });
    expect(rated.body.order).toMatchObject({ status: 'completed', escrow: 'released', rating: 4 });
    expect(await expectLedgerMatches(seller.sub)).toBe(COINS_PER_80);
  });

  it('the creator declines: the client gets every coin back and the creator earns nothing', async () => {
    const seller = creator();
    const project = await publish(seller, { price: 80 });
    const buyer = await fundedClient('Cliente', 30);
    const { body } = await hire(buyer, project.id);
    const declined = await call<{ order: Order }>('POST', `/api/creator/orders/${body.order.id}/decline`, {
      claims: seller,
    });
    expect(declined.status).toBe(200);
    expect(declined.body.order).toMatchObject({ status: 'declined', escrow: 'refunded' });
    expect(await expectLedgerMatches(buyer.sub)).toBe(30);
    expect((await listTransactions(buyer.sub)).map((t) => t.type)).toEqual([
      'escrow_refund',
      'escrow_hold',
      'credit',
    ]);
    expect((await listTransactions(buyer.sub))[0]?.label?.kind).toBe('hire_declined');
    expect((await deliver(seller, body.order.id)).status).toBe(409);
    expect(
      (await call('POST', `/api/creator/orders/${body.order.id}/decline`, { claims: seller })).status,
    ).toBe(409);
    expect((await cardsOf(seller)).cards).toMatchObject({
      totalRevenue: 0,
      sales: 0,
      heldRevenue: 0,
      orderCount: 0,
    });
    // Another creator cannot decline it, a client cannot use the route.
    expect(
      (await call('POST', `/api/creator/orders/${body.order.id}/decline`, { claims: creator() })).status,
    ).toBe(404);
    expect(
      (await call('POST', `/api/creator/orders/${body.order.id}/decline`, { claims: buyer })).status,
    ).toBe(403);
  });

  it('a missed deadline refunds the client by itself (the scheduled settlement), and late delivery is refused', async () => {
    process.env.HIRE_DELIVERY_SECONDS = '1';
    const seller = creator();
    const project = await publish(seller, { price: 80 });
    const buyer = await fundedClient('Cliente', COINS_PER_80);
    const { body } = await hire(buyer, project.id);
    expect((await getWallet(buyer.sub)).balance).toBe(0);
    // No read of the order: the EventBridge Scheduler twin fires hire-escrow at the deadline.
    await until(async () => (await getWallet(buyer.sub)).balance === COINS_PER_80, 'the deadline refund');
    const [order] = (await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: buyer })).body.items;
    expect(order).toMatchObject({ status: 'expired', escrow: 'refunded' });
    expect((await listTransactions(buyer.sub))[0]?.label?.kind).toBe('hire_expired');
    const late = await deliver(seller, body.order.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { code: 'HIRE_DEADLINE_PASSED' } });
    expect(await expectLedgerMatches(buyer.sub)).toBe(COINS_PER_80);
  });

  it('the review period ends: the coins reach the creator by themselves', async () => {
    process.env.HIRE_REVIEW_SECONDS = '1';
    const seller = creator();
    const project = await publish(seller, { price: 80 });
    const buyer = await fundedClient();
    const { body } = await hire(buyer, project.id);
    await deliver(seller, body.order.id);
    await until(async () => (await getWallet(seller.sub)).balance === COINS_PER_80, 'the review release');
    expect(await expectLedgerMatches(seller.sub)).toBe(COINS_PER_80);
    const [order] = (await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: buyer })).body.items;
    expect(order).toMatchObject({ status: 'completed', escrow: 'released', rating: null });
    // Still rateable once after the automatic release.
    expect(
      (await call('POST', `/api/orders/${body.order.id}/rating`, { claims: buyer, body: { rating: 3 } }))
        .status,
    ).toBe(200);
  });

  it('a retried hire (same requestId, even concurrently) charges once and answers the same order', async () => {
    const seller = creator();
    const project = await publish(seller, { price: 80 });
    const buyer = await fundedClient('Cliente', 100);
    const requestId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => hire(buyer, project.id, { requestId })));
    expect(new Set(answers.map((a) => a.body.order.id)).size).toBe(1);
    expect(await expectLedgerMatches(buyer.sub)).toBe(100 - COINS_PER_80);
    expect(
      (await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: buyer })).body.items,
    ).toHaveLength(1);
  });

  it('accept, decline and the settlement racing: one move, wallets equal their ledgers, coins conserved', async () => {
    const seller = creator();
    const project = await publish(seller, { price: 80 });
    const buyer = await fundedClient('Cliente', 100);
    const { body } = await hire(buyer, project.id);
    await deliver(seller, body.order.id);
    const results = await Promise.all([
      call('POST', `/api/orders/${body.order.id}/accept`, { claims: buyer }),
      call('POST', `/api/orders/${body.order.id}/accept`, { claims: buyer }),
      call('POST', `/api/orders/${body.order.id}/rating`, { claims: buyer, body: { rating: 5 } }),
      call('POST', `/api/creator/orders/${body.order.id}/decline`, { claims: seller }),
    ]);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const client = await expectLedgerMatches(buyer.sub);
    const paid = await expectLedgerMatches(seller.sub);
    expect(client + paid).toBe(100);
    expect(paid).toBe(COINS_PER_80);
  });

  it('an order hired before hires were paid cannot be delivered (nothing was paid)', async () => {
    const seller = creator();
    const buyer = client();
    const project = await publish(seller);
    const legacy = newOrder({
      clientId: buyer.sub,
      creatorId: seller.sub,
      projectId: project.id,
      projectTitle: project.title,
      amount: 10,
    });
    await createOrder(legacy);
    const answer = await deliver(seller, legacy.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: { code: 'ORDER_NOT_PAID' } });
    expect((await cardsOf(seller)).cards).toMatchObject({ sales: 0, totalRevenue: 0, orderCount: 0 });
  });
});

describe('one source of truth for the creator figures (issue 18)', () => {
  it('the Creator Hub, the public profile and the client orders agree on sales, revenue and rating', async () => {
    const { seller, name } = await sellerWithProfile();
    const project = await publish(seller, { price: 80 });
    const buyers = [await fundedClient(), await fundedClient(), await fundedClient(), await fundedClient()];
    const orders = [];
    for (const buyer of buyers) orders.push((await hire(buyer, project.id)).body.order);
    // 1: delivered and rated 5 (paid); 2: delivered and accepted (paid); 3: declined; 4: still held.
    await deliver(seller, orders[0]!.id);
    await call('POST', `/api/orders/${orders[0]!.id}/rating`, { claims: buyers[0]!, body: { rating: 5 } });
    await deliver(seller, orders[1]!.id);
    await call('POST', `/api/orders/${orders[1]!.id}/accept`, { claims: buyers[1]! });
    await call('POST', `/api/creator/orders/${orders[2]!.id}/decline`, { claims: seller });
    // And an order from before hires were paid: it earns nothing anywhere.
    await createOrder(
      newOrder({
        clientId: client().sub,
        creatorId: seller.sub,
        projectId: project.id,
        projectTitle: project.title,
        amount: 999,
      }),
    );

    const hub = (await cardsOf(seller)).cards;
    const profile = (
      await siteCall<{ creator: CreatorPublicProfile }>('GET', `/api/creators/${encodeURIComponent(name)}`)
    ).body.creator;
    const clientViews = await Promise.all(
      buyers.map(
        async (buyer) =>
          (await call<{ items: Order[] }>('GET', '/api/me/orders', { claims: buyer })).body.items[0]!,
      ),
    );
    const paidToCreator = clientViews.filter((order) => order.escrow === 'released');

    expect(hub).toMatchObject({
      sales: 2,
      totalRevenue: 160,
      heldRevenue: 80,
      orderCount: 3,
      averageRating: 5,
      ratingCount: 1,
    });
    expect(profile.sales).toBe(hub.sales);
    expect(profile.rating).toBe(hub.averageRating);
    expect(profile.rating_count).toBe(hub.ratingCount);
    expect(profile.revenue_band).toBe('under_1k'); // R$ 160 received
    expect(paidToCreator).toHaveLength(hub.sales);
    expect(paidToCreator.reduce((sum, order) => sum + order.amount, 0)).toBe(hub.totalRevenue);
    // What the clients paid and the creator received is the ledger's own account.
    expect(await expectLedgerMatches(seller.sub)).toBe(2 * COINS_PER_80);
  });
});
