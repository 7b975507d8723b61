import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../shared/audio/wav';
import { defaultTiers, type TiersConfig } from '../../shared/licensing/tiers';
import { listPurchases } from '../../lambdas/_lib/db/purchases';
import { listClientOrders } from '../../lambdas/_lib/db/orders';
import { getCoupon, listBeatLicences, projectSaleState } from '../../lambdas/_lib/licensing/store';
import { renderTrack } from '../../lambdas/_lib/music/synthesizer';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { keys } from '../../lambdas/_lib/db/keys';
import { listedBeats } from './catalogue-helpers';
import { client, creator, publish, putAudioBucketObject, type Claims } from './marketplace-helpers';
import { pool } from './payments-helpers';
import {
  api,
  pay,
  startLicensingEnv,
  waitForFiles,
  type FilesAnswer,
  type LicensingEnv,
} from './licensing-helpers';

let env: LicensingEnv;

/** The beat's exclusive hold (lambdas/_lib/licensing/holds.ts; not imported: it would read the env first). */
const exclusiveHoldKey = (projectId: string) => ({
  PK: keys.project(projectId),
  SK: keys.checkoutHold('EXCLUSIVE'),
});

const readExclusiveHold = async (projectId: string) =>
  (
    await db.send(
      new GetCommand({
        TableName: config.TABLE_NAME,
        Key: exclusiveHoldKey(projectId),
        ConsistentRead: true,
      }),
    )
  ).Item;

/** Moves the beat's exclusive hold into the past, as if its session's time had run out. */
async function expireExclusiveHold(projectId: string) {
  await db.send(
    new UpdateCommand({
      TableName: config.TABLE_NAME,
      Key: exclusiveHoldKey(projectId),
      UpdateExpression: 'SET expires_at = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1_000).toISOString() },
    }),
  );
}

beforeAll(async () => {
  env = await startLicensingEnv();
});
afterAll(async () => {
  await env?.stop();
});

async function setTiers(owner: Claims, projectId: string, change: (tiers: TiersConfig) => void) {
  const tiers = defaultTiers(50);
  change(tiers);
  const answer = await api('PUT', `/api/creator/projects/${projectId}/licences`, {
    claims: owner,
    body: { tiers, min_offer: 30 },
  });
  expect(answer.status).toBe(200);
}

async function checkout(buyer: Claims, body: Record<string, unknown>) {
  return api<{ url: string; id: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/functions/create-payment',
    { claims: buyer, body },
  );
}

describe('licence purchase through the sandbox checkout', () => {
  it('WAV lease with a coupon: paid amount recorded, WAV + agreement delivered to the buyer only', async () => {
    const owner = creator('Produtora Licenças');
    const beat = await publish(owner, { price: 50 });
    await setTiers(owner, beat.id, (t) => {
      t.wav.price = 100;
      t.wav.terms.audio_streams = 500_000;
    });
    // Someone else cannot edit this beat's tiers (not found, as another creator's beat).
    const intruder = creator('Outro');
    expect(
      (
        await api('PUT', `/api/creator/projects/${beat.id}/licences`, {
          claims: intruder,
          body: { tiers: defaultTiers(1) },
        })
      ).status,
    ).toBe(404);

    const publicView = await api<{ tiers: { id: string; price: number }[] }>(
      'GET',
      `/api/projects/${beat.id}/licences`,
    );
    expect(publicView.body.tiers.map((t) => [t.id, t.price])).toEqual([
      ['mp3', 50],
      ['wav', 100],
    ]); // trackout: no stems and no AI stems → not offered; exclusive off by default

    const coupon = await api('POST', '/api/creator/coupons', {
      claims: owner,
      body: { code: 'wav20', kind: 'percent', value: 20, max_uses: 5, tiers: ['wav'] },
    });
    expect(coupon.status).toBe(201);
    const buyer = client('Cantora');
    // The coupon does not apply to the MP3 tier; an unknown coupon is refused with a clear message.
    expect(
      (await checkout(buyer, { projectId: beat.id, tier: 'mp3', coupon: 'WAV20' })).body.error?.message,
    ).toBe('Este cupom não vale para esta licença.');
    const unknown = await checkout(buyer, { projectId: beat.id, tier: 'wav', coupon: 'NOPE' });
    expect([unknown.status, unknown.body.error]).toEqual([
      400,
      { code: 'INVALID_COUPON', message: 'Cupom inválido.' },
    ]);
    // The coupon preview refuses with the same code and text as the checkout.
    const preview = await api('POST', '/api/licences/coupon-preview', {
      claims: buyer,
      body: { projectId: beat.id, tier: 'wav', coupon: 'NOPE' },
    });
    expect([preview.status, preview.body.error]).toEqual([400, unknown.body.error]);
    const blank = await api<{ error?: { code: string } }>('POST', '/api/licences/coupon-preview', {
      claims: buyer,
      body: { projectId: beat.id, tier: 'wav', coupon: '  ' },
    });
    expect([blank.status, blank.body.error?.code]).toEqual([400, 'COUPON_CODE_REQUIRED']);
    const otherTier = await api('POST', '/api/licences/coupon-preview', {
      claims: buyer,
      body: { projectId: beat.id, tier: 'mp3', coupon: 'WAV20' },
    });
    expect(otherTier.body.error).toEqual({
      code: 'INVALID_COUPON',
      params: { context: 'tier' },
      message: 'Este cupom não vale para esta licença.',
    });
    expect((await checkout(buyer, { projectId: beat.id, tier: 'trackout' })).status).toBe(400);
    // The client cannot choose the price: extra fields are ignored, the server's price applies.
    const session = await checkout(buyer, { projectId: beat.id, tier: 'wav', coupon: 'wav20', amount: 1 });
    expect(session.status).toBe(200);
    const remote = await env.stripe.checkout.sessions.retrieve(session.body.id);
    expect(remote.amount_total).toBe(8000);
    // The creator changes the WAV terms while the buyer is on the checkout page: the buyer still gets
    // the terms they saw (and the next buyer the new ones).
    await setTiers(owner, beat.id, (t) => {
      t.wav.price = 100;
      t.wav.terms.audio_streams = 1_000;
    });
    expect(await pay(session.body.url)).toContain('/my-collection?checkout=success');

    const [purchase] = await listPurchases(buyer.sub);
    expect(purchase).toMatchObject({ amount: 80, status: 'completed', project_id: beat.id });
    const [order] = await listClientOrders(buyer.sub);
    expect(order).toMatchObject({ amount: 80, project_id: beat.id, status: 'delivered' });
    const [licence] = await listBeatLicences(beat.id);
    expect(licence).toMatchObject({
      tier: 'wav',
      amount: 80,
      list_price: 100,
      coupon: 'WAV20',
      order_id: order!.id,
    });
    expect(licence!.terms.audio_streams).toBe(500_000);
    expect(await getCoupon(owner.sub, 'WAV20')).toMatchObject({ uses: 1 });

    // Paying again (a replayed completion) records nothing new.
    await pay(session.body.url);
    expect(await listPurchases(buyer.sub)).toHaveLength(1);

    const files = await api<{ files: { kind: string; url: string }[] }>(
      'GET',
      `/api/licences/${order!.id}/files`,
      {
        claims: buyer,
      },
    );
    expect(files.status).toBe(200);
    expect(files.body.files.map((f) => f.kind)).toEqual(['mp3', 'wav']);
    const wav = new Uint8Array(await (await fetch(files.body.files[1]!.url)).arrayBuffer());
    expect(Buffer.from(wav.subarray(0, 4)).toString('ascii')).toBe('RIFF');

    const agreement = await api<{ url: string }>('GET', `/api/licences/${order!.id}/agreement`, {
      claims: buyer,
    });
    expect(agreement.status).toBe(200);
    const pdf = Buffer.from(await (await fetch(agreement.body.url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString('ascii')).toBe('%PDF-');
    // The seller downloads it too; another user's request is not found; files are the buyer's only.
    expect((await api('GET', `/api/licences/${order!.id}/agreement`, { claims: owner })).status).toBe(200);
    expect((await api('GET', `/api/licences/${order!.id}/agreement`, { claims: client() })).status).toBe(404);
    expect((await api('GET', `/api/licences/${order!.id}/files`, { claims: owner })).status).toBe(404);

    const stats = await api<{
      byTier: Record<string, { count: number; revenue: number }>;
      coupons: { code: string; redemptions: number; discount_total: number }[];
      recent: Record<string, unknown>[];
      total_sales: number;
    }>('GET', '/api/creator/licences', { claims: owner });
    expect(stats.body.byTier.wav).toEqual({ count: 1, revenue: 80 });
    // The seller's sale line (its agreement is downloaded by order id), without the buyer's details.
    expect(stats.body.total_sales).toBe(1);
    expect(stats.body.recent).toEqual([
      {
        order_id: order!.id,
        project_title: beat.title,
        tier: 'wav',
        amount: 80,
        created_at: expect.any(String),
        coupon: 'WAV20',
      },
    ]);
    expect(stats.body.coupons).toEqual([
      expect.objectContaining({ code: 'WAV20', redemptions: 1, discount_total: 20 }),
    ]);
  });

  it('concurrent exclusive checkouts: one buyer holds it, the others get 409; once paid the beat is off sale', async () => {
    const owner = creator('Produtor Exclusivo');
    const beat = await publish(owner, { price: 60 });
    await setTiers(owner, beat.id, (t) => {
      t.exclusive.enabled = true;
      t.exclusive.price = 900;
    });
    expect((await listedBeats(owner.sub)).items.map((p) => p.id)).toContain(beat.id);
    // A lease sold before the exclusive stays valid (and is listed on the exclusive agreement).
    const leaseBuyer = client('Lease');
    const lease = await checkout(leaseBuyer, { projectId: beat.id, tier: 'mp3' });
    await pay(lease.body.url);
    const refundsBefore = env.sandbox.deliveries().filter((d) => d.type === 'charge.refunded').length;

    const buyers = Array.from({ length: 5 }, (_, i) => client(`Exclusivo ${i}`));
    const sessions = await Promise.all(
      buyers.map((b) => checkout(b, { projectId: beat.id, tier: 'exclusive' })),
    );
    expect(sessions.map((s) => s.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const refused = sessions.filter((s) => s.status === 409);
    expect(refused.map((s) => s.body.error)).toEqual(
      refused.map(() => ({
        code: 'EXCLUSIVE_UNAVAILABLE',
        message:
          'A licença exclusiva desta faixa está reservada por outro comprador. Tente novamente em alguns minutos.',
      })),
    );
    const winnerAt = sessions.findIndex((s) => s.status === 200);
    const winner = buyers[winnerAt]!;
    // The holder opening it again (another tab, a reload) gets the same open session, not a 409.
    const reopened = await checkout(winner, { projectId: beat.id, tier: 'exclusive' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.id).toBe(sessions[winnerAt]!.body.id);
    // Leases stay on sale while the exclusive is held.
    expect((await checkout(client(), { projectId: beat.id, tier: 'mp3' })).status).toBe(200);

    await pay(reopened.body.url);

    const licences = await listBeatLicences(beat.id);
    expect(licences.filter((l) => l.tier === 'exclusive')).toEqual([
      expect.objectContaining({ buyer_id: winner.sub, amount: 900 }),
    ]);
    expect(licences.filter((l) => l.tier === 'mp3')).toHaveLength(1);
    expect((await listPurchases(winner.sub)).map((p) => p.status)).toEqual(['completed']);
    // Nobody paid twice: no refund was needed.
    expect(env.sandbox.deliveries().filter((d) => d.type === 'charge.refunded')).toHaveLength(refundsBefore);

    // Sold: new exclusive and lease checkouts get a clear 409; the catalogue no longer lists it.
    const exclusiveAgain = await checkout(client(), { projectId: beat.id, tier: 'exclusive' });
    expect(exclusiveAgain.status).toBe(409);
    expect(exclusiveAgain.body.error).toEqual({
      code: 'EXCLUSIVE_UNAVAILABLE',
      params: { context: 'sold' },
      message: 'Esta faixa já foi vendida com licença exclusiva.',
    });
    const again = await checkout(client(), { projectId: beat.id, tier: 'mp3' });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('BEAT_SOLD');
    // Once the indexer has read the sale from the table's stream, the creator's catalogue is without it.
    expect((await listedBeats(owner.sub)).items.map((p) => p.id)).not.toContain(beat.id);
    // The lease buyer keeps the files; both sides download the exclusive agreement.
    const leaseOrder = (await listClientOrders(leaseBuyer.sub))[0]!;
    expect((await api('GET', `/api/licences/${leaseOrder.id}/files`, { claims: leaseBuyer })).status).toBe(
      200,
    );
    const exclusive = licences.find((l) => l.tier === 'exclusive')!;
    const winnerAgreement = await api<{ url: string }>(
      'GET',
      `/api/licences/${exclusive.order_id}/agreement`,
      {
        claims: owner,
      },
    );
    expect(winnerAgreement.status).toBe(200);
  });

  it('an abandoned exclusive checkout, or a hold past its expiry, frees the exclusive for the next buyer', async () => {
    const owner = creator('Produtor Desistência');
    const beat = await publish(owner, { price: 60 });
    await setTiers(owner, beat.id, (t) => {
      t.exclusive.enabled = true;
    });
    const [first, second, third] = [client('Primeiro'), client('Segundo'), client('Terceiro')];
    const held = await checkout(first, { projectId: beat.id, tier: 'exclusive' });
    expect(held.status).toBe(200);
    expect((await checkout(second, { projectId: beat.id, tier: 'exclusive' })).status).toBe(409);
    // The hold lasts exactly as long as the Checkout Session.
    const session = await env.stripe.checkout.sessions.retrieve(held.body.id);
    const hold = await readExclusiveHold(beat.id);
    expect(hold).toMatchObject({ holder: first.sub, session_id: held.body.id });
    expect(Date.parse(String(hold!.expires_at)) / 1000).toBe(session.expires_at);

    // The first buyer leaves (checkout.session.expired): the second buyer gets the exclusive checkout.
    await env.stripe.checkout.sessions.expire(held.body.id);
    const next = await checkout(second, { projectId: beat.id, tier: 'exclusive' });
    expect(next.status).toBe(200);

    // A hold whose expiry passed (its expiry event never arrived) does not block the beat either.
    await expireExclusiveHold(beat.id);
    const third1 = await checkout(third, { projectId: beat.id, tier: 'exclusive' });
    expect(third1.status).toBe(200);
    expect(await readExclusiveHold(beat.id)).toMatchObject({ holder: third.sub });
  });

  it('a beat sold with an exclusive is off sale everywhere: page says sold, orders, payments and offers refused', async () => {
    const owner = creator('Produtor Vendido');
    const beat = await publish(owner, { price: 50 });
    await setTiers(owner, beat.id, (t) => {
      t.exclusive.enabled = true;
    }); // min_offer 30
    const bidder = client('Ofertante Atrasado');
    const offer = await api<{ offer: { id: string } }>('POST', '/api/offers', {
      claims: bidder,
      body: { projectId: beat.id, tier: 'wav', amount: 40 },
    });
    expect(offer.status).toBe(201);
    const offerId = offer.body.offer.id;

    const winner = client('Comprador Exclusivo');
    await pay((await checkout(winner, { projectId: beat.id, tier: 'exclusive' })).body.url);

    const page = await api<{ project: { status: string } }>('GET', `/api/projects/${beat.id}`);
    expect(page.status).toBe(200);
    expect(page.body.project.status).toBe('sold');
    const sold = {
      code: 'BEAT_SOLD',
      message: 'Este beat foi vendido com exclusividade e não está mais à venda.',
    };
    const buyer = client('Atrasado');
    const order = await api('POST', '/api/orders', { claims: buyer, body: { projectId: beat.id } });
    expect([order.status, order.body.error]).toEqual([409, sold]);
    const payment = await checkout(buyer, { productName: 'Beat', amount: 50, projectId: beat.id });
    expect([payment.status, payment.body.error]).toEqual([409, sold]);
    const newOffer = await api('POST', '/api/offers', {
      claims: buyer,
      body: { projectId: beat.id, tier: 'wav', amount: 40 },
    });
    expect([newOffer.status, newOffer.body.error]).toEqual([409, sold]);

    // The offer left pending was closed with the reason, so the bidder sees why.
    const mine = await api<{ items: { id: string; status: string; closed_reason?: string }[] }>(
      'GET',
      '/api/me/offers',
      { claims: bidder },
    );
    expect(mine.body.items.find((o) => o.id === offerId)).toMatchObject({
      status: 'declined',
      closed_reason: 'Beat vendido com licença exclusiva.',
    });
    // An offer that closing missed (made pending again here) cannot be accepted: 409, and it is closed.
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.user(bidder.sub), SK: keys.beatOffer(offerId) },
        UpdateExpression: 'SET #status = :pending REMOVE closed_reason',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    );
    const accept = await api('POST', `/api/creator/offers/${offerId}`, {
      claims: owner,
      body: { action: 'accept' },
    });
    expect([accept.status, accept.body.error]).toEqual([409, sold]);
    const after = await api<{ items: { id: string; status: string }[] }>('GET', '/api/me/offers', {
      claims: bidder,
    });
    expect(after.body.items.find((o) => o.id === offerId)?.status).toBe('declined');
  });

  it('two exclusive payments racing the hold expiry: one sale, the other payment refunded exactly once', async () => {
    const owner = creator('Produtor Corrida');
    const beat = await publish(owner, { price: 60 });
    await setTiers(owner, beat.id, (t) => {
      t.exclusive.enabled = true;
    });
    const [late, next] = [client('Atrasado'), client('Seguinte')];
    const first = await checkout(late, { projectId: beat.id, tier: 'exclusive' });
    // The first hold runs out while its buyer is still on Stripe's page; the next buyer takes it.
    await expireExclusiveHold(beat.id);
    const second = await checkout(next, { projectId: beat.id, tier: 'exclusive' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const refundsBefore = env.sandbox.deliveries().filter((d) => d.type === 'charge.refunded').length;
    await pay(second.body.url);
    await pay(first.body.url);
    await pay(first.body.url); // a replayed completion refunds nothing more

    expect((await listBeatLicences(beat.id)).map((l) => [l.tier, l.buyer_id])).toEqual([
      ['exclusive', next.sub],
    ]);
    const [refunded] = await listPurchases(late.sub);
    // The tier and the reason as kinds (each reader sees them in their language), beside the beat's title.
    expect(refunded).toMatchObject({
      status: 'refunded',
      tier: 'exclusive',
      refund_reason: 'sold_exclusive',
      product_name: beat.title,
    });
    expect(await listPurchases(late.sub)).toHaveLength(1);
    expect(env.sandbox.deliveries().filter((d) => d.type === 'charge.refunded')).toHaveLength(
      refundsBefore + 1,
    );
  });

  it('coupon usage limit holds under concurrent checkouts', async () => {
    const owner = creator('Produtor Cupom');
    const beat = await publish(owner, { price: 40 });
    await setTiers(owner, beat.id, () => undefined);
    await api('POST', '/api/creator/coupons', {
      claims: owner,
      body: { code: 'TRES', kind: 'fixed', value: 10, max_uses: 3 },
    });
    const results = await pool(
      Array.from(
        { length: 12 },
        () => () => checkout(client(), { projectId: beat.id, tier: 'mp3', coupon: 'TRES' }),
      ),
      12,
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(
      refused.every(
        (r) => r.status === 400 && r.body.error?.message === 'Este cupom atingiu o limite de usos.',
      ),
    ).toBe(true);
    expect(await getCoupon(owner.sub, 'TRES')).toMatchObject({ uses: 3 });
  });

  it('offers: floor enforced, countered, accepted, paid once at the agreed amount', async () => {
    const owner = creator('Produtor Ofertas');
    const beat = await publish(owner, { price: 50 });
    await setTiers(owner, beat.id, (t) => {
      t.wav.price = 100;
    }); // min_offer 30
    const buyer = client('Ofertante');
    const offer = (body: Record<string, unknown>) =>
      api<{ offer: { id: string; status: string }; error?: { message: string } }>('POST', '/api/offers', {
        claims: buyer,
        body: { projectId: beat.id, tier: 'wav', ...body },
      });
    // Issue 18: the floor is public before any offer (it was revealed only by a refused one).
    const view = await api<{ accepts_offers: boolean; min_offer: number | null }>(
      'GET',
      `/api/projects/${beat.id}/licences`,
    );
    expect([view.body.accepts_offers, view.body.min_offer]).toEqual([true, 30]);
    expect((await offer({ amount: 20 })).body.error?.message).toBe(
      'A oferta mínima para este beat é R$\u00a030,00.',
    );
    expect((await offer({ amount: 100 })).status).toBe(400);
    const made = await offer({ amount: 60, message: 'Topa 60?' });
    expect(made.status).toBe(201);
    const id = made.body.offer.id;
    // Not accepted yet: no checkout with it.
    expect((await checkout(buyer, { projectId: beat.id, tier: 'wav', offerId: id })).status).toBe(400);
    // Another creator cannot touch it; the owner counters 75; accept and decline racing: one wins.
    expect(
      (await api('POST', `/api/creator/offers/${id}`, { claims: creator(), body: { action: 'accept' } }))
        .status,
    ).toBe(404);
    const creatorList = await api<{ items: { id: string }[] }>('GET', '/api/creator/offers', {
      claims: owner,
    });
    expect(creatorList.body.items.map((o) => o.id)).toContain(id);
    expect(
      (
        await api('POST', `/api/creator/offers/${id}`, {
          claims: owner,
          body: { action: 'counter', amount: 50 },
        })
      ).status,
    ).toBe(400);
    const countered = await api<{ offer: { status: string; counter_amount: number } }>(
      'POST',
      `/api/creator/offers/${id}`,
      {
        claims: owner,
        body: { action: 'counter', amount: 75 },
      },
    );
    expect(countered.body.offer).toMatchObject({ status: 'countered', counter_amount: 75 });
    // Accept and decline racing on another offer: exactly one wins, the other is a 409.
    const other = await api<{ offer: { id: string } }>('POST', '/api/offers', {
      claims: client(),
      body: { projectId: beat.id, tier: 'mp3', amount: 40 },
    });
    const race = await Promise.all(
      (['accept', 'decline'] as const).map((action) =>
        api('POST', `/api/creator/offers/${other.body.offer.id}`, { claims: owner, body: { action } }),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      (await api('POST', `/api/offers/${id}/respond`, { claims: buyer, body: { action: 'accept' } })).status,
    ).toBe(200);
    const mine = await api<{
      items: { id: string; status: string; accepted_amount: number | null; expires_at: string | null }[];
    }>('GET', '/api/me/offers', { claims: buyer });
    const state = mine.body.items.find((o) => o.id === id)!;
    expect(state).toMatchObject({ status: 'accepted', accepted_amount: 75 });
    expect(Date.parse(state.expires_at!) - Date.now()).toBeGreaterThan(47 * 3_600_000);
    // A coupon cannot stack on an offer; the offer's checkout charges the agreed amount, exactly once.
    expect(
      (await checkout(buyer, { projectId: beat.id, tier: 'wav', offerId: id, coupon: 'X' })).status,
    ).toBe(400);
    // Two checkouts opened for the same accepted offer (two tabs) and both paid: one licence, one refund.
    const [session, twin] = await Promise.all([
      checkout(buyer, { projectId: beat.id, tier: 'wav', offerId: id }),
      checkout(buyer, { projectId: beat.id, tier: 'wav', offerId: id }),
    ]);
    expect([session.status, twin.status]).toEqual([200, 200]);
    expect((await env.stripe.checkout.sessions.retrieve(session.body.id)).amount_total).toBe(7500);
    const refundsBefore = env.sandbox.deliveries().filter((d) => d.type === 'charge.refunded').length;
    await Promise.all([pay(session.body.url), pay(twin.body.url)]);
    const licences = await listBeatLicences(beat.id);
    expect(licences).toHaveLength(1);
    const [licence] = licences;
    expect(licence).toMatchObject({ tier: 'wav', amount: 75, list_price: 100, offer_id: id });
    const outcomes = await listPurchases(buyer.sub);
    expect(outcomes.map((p) => p.status).sort()).toEqual(['completed', 'refunded']);
    expect(outcomes.find((p) => p.status === 'refunded')).toMatchObject({
      tier: 'wav',
      refund_reason: 'offer_paid',
    });
    expect(env.sandbox.deliveries().filter((d) => d.type === 'charge.refunded')).toHaveLength(
      refundsBefore + 1,
    );
    const after = await api<{ items: { id: string; status: string }[] }>('GET', '/api/me/offers', {
      claims: buyer,
    });
    expect(after.body.items.find((o) => o.id === id)?.status).toBe('paid');
    expect((await checkout(buyer, { projectId: beat.id, tier: 'wav', offerId: id })).status).toBe(409);
  });

  it('Trackout with AI stems: a ZIP of the four separated stems, labelled AI-separated', async () => {
    const owner = creator('Produtor Stems');
    const beat = await publish(owner, { price: 30 });
    // A 3-second stereo WAV master uploaded by the creator.
    const sr = 22050;
    const left = new Float32Array(sr * 3).map(
      (_, i) => 0.3 * Math.sin((2 * Math.PI * 110 * i) / sr) + (i % 5512 < 300 ? 0.5 : 0),
    );
    const master = `audio/${owner.sub}/${Date.now()}_master.wav`;
    await putAudioBucketObject(
      master,
      Buffer.from(encodeWav({ sampleRate: sr, channels: [left, left] })),
      'audio/wav',
    );
    const tiers = defaultTiers(30);
    expect(
      (
        await api('PUT', `/api/creator/projects/${beat.id}/licences`, {
          claims: owner,
          body: { tiers, wav_key: master, ai_stems: true },
        })
      ).status,
    ).toBe(200);
    const view = await api<{ tiers: { id: string }[]; ai_stems: boolean }>(
      'GET',
      `/api/projects/${beat.id}/licences`,
    );
    expect(view.body.tiers.map((t) => t.id)).toContain('trackout');
    expect(view.body.ai_stems).toBe(true);
    const buyer = client('Stems');
    const session = await checkout(buyer, { projectId: beat.id, tier: 'trackout' });
    await pay(session.body.url);
    const [order] = await listClientOrders(buyer.sub);
    // The ZIP is built by a background job (licence-stems-zip): 202 'preparing' until it is ready.
    const first = await api<FilesAnswer>('GET', `/api/licences/${order!.id}/files`, { claims: buyer });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: 'preparing', stems: { status: 'preparing', ai: true } });
    expect(first.body.files.map((f) => f.kind)).toEqual(['mp3', 'wav']);
    const files = await waitForFiles(buyer, order!.id);
    expect(files.status).toBe(200);
    expect(files.body.files.map((f) => f.kind)).toEqual(['mp3', 'wav', 'stems']);
    const stems = files.body.files[2]!;
    expect(stems.ai_separated).toBe(true);
    const zip = unzipSync(new Uint8Array(await (await fetch(stems.url)).arrayBuffer()));
    const names = Object.keys(zip).sort();
    expect(names.filter((n) => n.endsWith('(AI-separated).wav'))).toHaveLength(4);
    expect(names).toContain('LEIA-ME.txt');
    const wav = await (await fetch(files.body.files[1]!.url)).arrayBuffer();
    expect(Buffer.from(wav).equals(Buffer.from(encodeWav({ sampleRate: sr, channels: [left, left] })))).toBe(
      true,
    );
  }, 60_000);

  it('key/BPM detection of an uploaded beat fills the form; key stored for search', async () => {
    const owner = creator('Produtor Detecção');
    const track = renderTrack({
      description: 'beat para testar',
      style: 'Drum & Bass',
      durationSeconds: 30,
      seed: 1,
    });
    const key = `audio/${owner.sub}/${Date.now()}_dnb.wav`;
    await putAudioBucketObject(key, Buffer.from(track.mix), 'audio/wav');
    const found = await api<{ duration_seconds: number; bpm: number; key: string }>(
      'POST',
      '/api/licences/analyse',
      {
        claims: owner,
        body: { key },
      },
    );
    expect(found.status).toBe(200);
    expect(found.body.duration_seconds).toBe(30);
    expect(Math.abs(found.body.bpm - track.plan.bpm)).toBeLessThanOrEqual(1);
    expect(found.body.key).toBe(track.plan.key);
    // Someone else's file is not found; a non-WAV is refused clearly.
    expect((await api('POST', '/api/licences/analyse', { claims: creator(), body: { key } })).status).toBe(
      404,
    );
    const beat = await publish(owner, { price: 30 });
    const stored = await api<{ key: string }>('PUT', `/api/creator/projects/${beat.id}/musical-data`, {
      claims: owner,
      body: { key: 'am', bpm: 174 },
    });
    expect(stored.body.key).toBe('A minor');
    const badBpm = await api<{ error?: { message: string } }>(
      'PUT',
      `/api/creator/projects/${beat.id}/musical-data`,
      {
        claims: owner,
        body: { key: 'am', bpm: 300 },
      },
    );
    expect([badBpm.status, badBpm.body.error?.message]).toEqual([400, 'O BPM deve estar entre 40 e 250.']);
    // A key the platform cannot read is refused by code (each reader sees it in their language).
    const badKey = await api<{ error?: { code: string } }>(
      'PUT',
      `/api/creator/projects/${beat.id}/musical-data`,
      { claims: owner, body: { key: 'Q major', bpm: 120 } },
    );
    expect([badKey.status, badKey.body.error?.code]).toEqual([400, 'MUSICAL_KEY_INVALID']);
    expect((await projectSaleState(beat.id)).key).toBe('A minor');
  }, 60_000);
});
