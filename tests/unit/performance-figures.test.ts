import { describe, expect, it } from 'vitest';
import { Order } from '../../shared/schemas/orders';
import { performanceFigures } from '../../web/src/routes/dashboard/performance-figures';

let next = 0;
function order(fields: Partial<Order>): Order {
  next += 1;
  return Order.parse({
    id: `o${next}`,
    client_id: 'client-a',
    creator_id: 'creator',
    project_id: 'p',
    project_title: `Projeto ${next}`,
    amount: 54,
    status: 'pending',
    created_at: '2026-11-01T10:00:00.000Z',
    delivered_at: null,
    delivery_file_key: null,
    rating: null,
    rated_at: null,
    kind: 'hire',
    ...fields,
  });
}

describe("the Creator Hub's performance tab comes from the creator's orders (issue 18: no sample 2.5h / 15 clients)", () => {
  it('a new creator has no delivery time, no delivery rate, no repeat clients and an empty schedule', () => {
    expect(performanceFigures([])).toEqual({
      deliveryHours: null,
      deliveryRate: null,
      repeatClients: 0,
      schedule: [],
    });
  });

  it('delivery time is the mean from order to delivery; the rate counts declined and expired hires against', () => {
    const figures = performanceFigures([
      order({ status: 'completed', delivered_at: '2026-11-01T16:00:00.000Z', escrow: 'released' }),
      order({ status: 'delivered', delivered_at: '2026-11-02T00:00:00.000Z', escrow: 'held' }),
      order({ status: 'declined', escrow: 'refunded' }),
      order({ status: 'expired', escrow: 'refunded' }),
      order({ status: 'pending', escrow: 'held', deadline_at: '2026-11-08T10:00:00.000Z' }),
    ]);
    expect(figures.deliveryHours).toBe(10); // (6 h + 14 h) / 2
    expect(figures.deliveryRate).toBe(50); // 2 delivered of 4 settled; the pending one is not counted yet
  });

  it('a repeat client has two or more paid orders; unpaid ones do not count', () => {
    const figures = performanceFigures([
      order({ client_id: 'ana', kind: 'licence', status: 'delivered' }),
      order({ client_id: 'ana', kind: 'hire', status: 'completed' }),
      order({ client_id: 'bia', kind: 'hire' }),
      order({ client_id: 'bia', kind: 'unpaid' }),
    ]);
    expect(figures.repeatClients).toBe(1);
  });

  it('the schedule lists hires to deliver and hires in review, the nearest date first', () => {
    const figures = performanceFigures([
      order({
        project_title: 'Depois',
        status: 'pending',
        escrow: 'held',
        deadline_at: '2026-11-09T00:00:00.000Z',
      }),
      order({
        project_title: 'Em revisão',
        status: 'delivered',
        escrow: 'held',
        delivered_at: '2026-11-03T00:00:00.000Z',
        review_until: '2026-11-06T00:00:00.000Z',
      }),
      order({ project_title: 'Feito', status: 'completed', escrow: 'released' }),
      order({ project_title: 'Licença', kind: 'licence', status: 'delivered' }),
    ]);
    expect(figures.schedule.map(({ order, stage }) => [order.project_title, stage])).toEqual([
      ['Em revisão', 'inReview'],
      ['Depois', 'toDeliver'],
    ]);
  });
});
