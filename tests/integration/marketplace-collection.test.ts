import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { purchasePut } from '../../lambdas/_lib/db/purchases';
import { subscriptionUpsert } from '../../lambdas/_lib/db/subscriptions';
import { call, client } from './marketplace-helpers';

/** My Collection's Compras and Assinaturas read the payments module's records, only the caller's. */
describe('my collection: purchases and subscriptions', () => {
  it("lists the caller's own purchases and subscriptions, never another user's", async () => {
    const me = client();
    const other = client();
    const now = new Date().toISOString();
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          purchasePut({
            id: ulid(),
            client_id: me.sub,
            created_at: now,
            amount: 49.9,
            currency: 'brl',
            status: 'completed',
            product_name: 'Noite Paulista',
            checkout_session_id: `cs_${ulid()}`,
            payment_intent: null,
          }),
          subscriptionUpsert({
            sub: me.sub,
            productId: 'prod_essencial',
            plan: 'ESSENCIAL',
            status: 'active',
            stripeSubscriptionId: 'sub_123',
            currentPeriodStart: now,
            currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
            eventCreated: Math.floor(Date.now() / 1000),
            now,
          }),
        ],
      }),
    );

    const purchases = await call<{ items: { amount: number; product_name: string }[] }>(
      'GET',
      '/api/me/purchases',
      {
        claims: me,
      },
    );
    expect(purchases.status).toBe(200);
    expect(purchases.body.items).toEqual([
      expect.objectContaining({ amount: 49.9, product_name: 'Noite Paulista' }),
    ]);

    const subscriptions = await call<{ items: Record<string, unknown>[] }>('GET', '/api/me/subscriptions', {
      claims: me,
    });
    expect(subscriptions.body.items).toEqual([
      expect.objectContaining({ product_id: 'prod_essencial', status: 'active', current_period_start: now }),
    ]);
    expect(subscriptions.body.items[0]).not.toHaveProperty('stripe_subscription_id');

    expect(
      (await call<{ items: unknown[] }>('GET', '/api/me/purchases', { claims: other })).body.items,
    ).toEqual([]);
    expect(
      (await call<{ items: unknown[] }>('GET', '/api/me/subscriptions', { claims: other })).body.items,
    ).toEqual([]);
    expect((await call('GET', '/api/me/purchases')).status).toBe(401);
  });
});
