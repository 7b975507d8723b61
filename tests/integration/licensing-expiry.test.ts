import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTiers } from '../../shared/licensing/tiers';
import { getCheckout } from '../../lambdas/_lib/db/checkouts';
import { getCoupon, listBeatLicences } from '../../lambdas/_lib/licensing/store';
import { client, creator, publish, type Claims } from './marketplace-helpers';
import { deliver, eventId, pool } from './payments-helpers';
import { api, pay, startLicensingEnv, type LicensingEnv } from './licensing-helpers';

/**
 * Abandoned licence checkouts: the coupon use reserved when the checkout starts comes back when Stripe
 * sends checkout.session.expired (sandbox: expire API, Cancel button), exactly once.
 */
let env: LicensingEnv;

beforeAll(async () => {
  env = await startLicensingEnv();
});
afterAll(async () => {
  await env?.stop();
});

async function beatWithCoupon(code: string, maxUses: number) {
  const owner = creator('Produtor Expira');
  const beat = await publish(owner, { price: 40 });
  expect(
    (
      await api('PUT', `/api/creator/projects/${beat.id}/licences`, {
        claims: owner,
        body: { tiers: defaultTiers(40) },
      })
    ).status,
  ).toBe(200);
  const made = await api('POST', '/api/creator/coupons', {
    claims: owner,
    body: { code, kind: 'fixed', value: 10, max_uses: maxUses },
  });
  expect(made.status).toBe(201);
  return { owner, beat };
}

async function checkout(buyer: Claims, projectId: string, coupon: string) {
  return api<{ url: string; id: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/functions/create-payment',
    { claims: buyer, body: { projectId, tier: 'mp3', coupon } },
  );
}

/** The event Stripe sends when the session expires (or a copy of it: same id = a redelivery). */
function expiredEvent(session: Stripe.Checkout.Session, id = eventId()): Record<string, unknown> {
  return {
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type: 'checkout.session.expired',
    data: { object: { ...session, status: 'expired', url: null } },
  };
}

const uses = async (owner: Claims, code: string) => (await getCoupon(owner.sub, code))?.uses;

describe('abandoned licence checkout', () => {
  it('expires after 30 minutes, and its expiry gives the coupon use back to the next buyer', async () => {
    const { owner, beat } = await beatWithCoupon('UMAVEZ', 1);
    const first = client('Desistente');
    const started = await checkout(first, beat.id, 'UMAVEZ');
    expect(started.status).toBe(200);
    const session = await env.stripe.checkout.sessions.retrieve(started.body.id);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect(session.expires_at - session.created).toBeLessThan(40 * 60);
    expect(await uses(owner, 'UMAVEZ')).toBe(1);
    // The only use is reserved: another buyer is refused while the first checkout is open.
    const second = client('Próximo');
    expect((await checkout(second, beat.id, 'UMAVEZ')).body.error?.message).toBe(
      'Este cupom atingiu o limite de usos.',
    );

    await env.stripe.checkout.sessions.expire(started.body.id);

    expect(env.sandbox.deliveries().find((d) => d.type === 'checkout.session.expired')?.status).toBe(200);
    expect(await uses(owner, 'UMAVEZ')).toBe(0);
    expect((await getCheckout(first.sub, started.body.id))?.status).toBe('expired');
    // The expired session cannot be paid any more; the next buyer gets the coupon and pays.
    expect((await fetch(`${started.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(410);
    const retry = await checkout(second, beat.id, 'UMAVEZ');
    expect(retry.status).toBe(200);
    await pay(retry.body.url);
    expect(await uses(owner, 'UMAVEZ')).toBe(1);
    expect(await listBeatLicences(beat.id)).toEqual([expect.objectContaining({ coupon: 'UMAVEZ' })]);
  });

  it('a buyer opening the same coupon checkout again gets the same session, not another use of the code', async () => {
    const { owner, beat } = await beatWithCoupon('REABRE', 2);
    const buyer = client('Indecisa');
    const first = await checkout(buyer, beat.id, 'REABRE');
    expect(first.status).toBe(200);
    // A reload, two quick clicks, another tab: the same open session, and still one use reserved.
    const again = [
      await checkout(buyer, beat.id, 'reabre'),
      ...(await Promise.all([checkout(buyer, beat.id, 'REABRE'), checkout(buyer, beat.id, 'REABRE')])),
    ];
    expect(again.map((r) => [r.status, r.body.id])).toEqual(again.map(() => [200, first.body.id]));
    expect(await uses(owner, 'REABRE')).toBe(1);
    // So the other use is still there for someone else; then the code is used up for newcomers only.
    expect((await checkout(client(), beat.id, 'REABRE')).status).toBe(200);
    expect((await checkout(client(), beat.id, 'REABRE')).body.error).toEqual({
      code: 'INVALID_COUPON',
      params: { context: 'exhausted' },
      message: 'Este cupom atingiu o limite de usos.',
    });
    expect((await checkout(buyer, beat.id, 'REABRE')).body.id).toBe(first.body.id);
    expect(await uses(owner, 'REABRE')).toBe(2);

    // Once that session expired, opening it again is a new checkout with a fresh use.
    await env.stripe.checkout.sessions.expire(first.body.id);
    expect(await uses(owner, 'REABRE')).toBe(1);
    const fresh = await checkout(buyer, beat.id, 'REABRE');
    expect(fresh.status).toBe(200);
    expect(fresh.body.id).not.toBe(first.body.id);
    expect(await uses(owner, 'REABRE')).toBe(2);
  });

  it("the sandbox's Cancelar button ends the session and releases the use", async () => {
    const { owner, beat } = await beatWithCoupon('CANCELA', 2);
    const started = await checkout(client(), beat.id, 'CANCELA');
    expect(await uses(owner, 'CANCELA')).toBe(1);
    const response = await fetch(`${started.body.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('/marketplace?checkout=cancel');
    expect(await uses(owner, 'CANCELA')).toBe(0);
    expect((await env.stripe.checkout.sessions.retrieve(started.body.id)).status).toBe('expired');
  });

  it('an expiry delivered twice (and a second expiry event of the same session) releases one use', async () => {
    const { owner, beat } = await beatWithCoupon('DUAS', 5);
    const buyers = [client(), client()];
    const sessions = await Promise.all(buyers.map((b) => checkout(b, beat.id, 'DUAS')));
    expect(await uses(owner, 'DUAS')).toBe(2);
    const session = await env.stripe.checkout.sessions.retrieve(sessions[0]!.body.id);
    const event = expiredEvent(session);
    // The same event five times at once, then again later, then another event for the same session.
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200, 200]);
    expect(outcomes.filter((o) => o.outcome === 'applied')).toHaveLength(1);
    expect((await deliver(event)).outcome).toBe('duplicate');
    expect((await deliver(expiredEvent(session))).outcome).toBe('stale');
    expect(await uses(owner, 'DUAS')).toBe(1);
  });

  it('an expiry after the payment releases nothing', async () => {
    const { owner, beat } = await beatWithCoupon('PAGO', 3);
    const started = await checkout(client(), beat.id, 'PAGO');
    await pay(started.body.url);
    expect(await uses(owner, 'PAGO')).toBe(1);
    // Stripe itself refuses to expire a completed session …
    await expect(env.stripe.checkout.sessions.expire(started.body.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    // … and a (forged or out-of-order) expiry event for it changes nothing.
    const session = await env.stripe.checkout.sessions.retrieve(started.body.id);
    expect((await deliver(expiredEvent(session))).outcome).toBe('stale');
    expect(await uses(owner, 'PAGO')).toBe(1);
    expect(await listBeatLicences(beat.id)).toHaveLength(1);
  });

  it('the usage limit holds while expiries and new checkouts race', async () => {
    const { owner, beat } = await beatWithCoupon('CORRIDA', 3);
    const first = await pool(
      Array.from({ length: 3 }, () => () => checkout(client(), beat.id, 'CORRIDA')),
      3,
    );
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    // Three expiries (each delivered twice) race ten new checkouts.
    const events = await Promise.all(
      first.map(async (r) => expiredEvent(await env.stripe.checkout.sessions.retrieve(r.body.id))),
    );
    const racers: (() => Promise<{ status: number }>)[] = [
      ...events.flatMap((e) => [() => deliver(e), () => deliver(e)]),
      ...Array.from({ length: 10 }, () => () => checkout(client(), beat.id, 'CORRIDA')),
    ];
    const results = await pool(racers, racers.length);
    const newCheckouts = results.slice(6);
    const accepted = newCheckouts.filter((r) => r.status === 200).length;
    expect(accepted).toBeLessThanOrEqual(3);
    expect(newCheckouts.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    // Every reserved use belongs to an open checkout: the 3 expired gave theirs back exactly once.
    expect(await uses(owner, 'CORRIDA')).toBe(accepted);
    // Whatever the interleaving, once the expiries are in, the free uses can be taken again up to 3.
    const fill = await pool(
      Array.from({ length: 5 }, () => () => checkout(client(), beat.id, 'CORRIDA')),
      5,
    );
    expect(fill.filter((r) => r.status === 200)).toHaveLength(3 - accepted);
    expect(await uses(owner, 'CORRIDA')).toBe(3);
  });

  it('a checkout left open expires by itself at its expires_at (the sandbox sweep) and gives the use back', async () => {
    const { owner, beat } = await beatWithCoupon('ESQUECIDO', 1);
    const started = await checkout(client(), beat.id, 'ESQUECIDO');
    const session = await env.stripe.checkout.sessions.retrieve(started.body.id);
    // 29 minutes later it is still open and holds the use.
    await env.sandbox.expireDue(session.created + 29 * 60);
    expect((await env.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(await uses(owner, 'ESQUECIDO')).toBe(1);
    // At its expires_at the sweep expires it like Stripe: checkout.session.expired, use released.
    expect(await env.sandbox.expireDue(session.expires_at)).toBeGreaterThanOrEqual(1);
    expect((await env.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    expect(await uses(owner, 'ESQUECIDO')).toBe(0);
  });
});
