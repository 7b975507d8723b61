import { describe, expect, it } from 'vitest';
import { orderDownload, orderProgress, orderStage } from '../../web/src/routes/dashboard/order-stage';

describe("the client's order stage (issue 18: licences showed 'Entregue' at 60 % and a download that failed)", () => {
  it('a paid licence is complete at once, at 100 %, and downloads through its licence files', () => {
    const licence = { kind: 'licence', status: 'delivered', delivery_file_key: null } as const;
    expect(orderStage(licence)).toBe('completed');
    expect(orderProgress(licence)).toBe(100);
    expect(orderDownload(licence)).toBe('licence');
  });

  it('a hire in review is delivered at 60 % and downloads the file the creator sent', () => {
    const hire = { kind: 'hire', status: 'delivered', delivery_file_key: 'deliveries/u/mix.wav' } as const;
    expect(orderStage(hire)).toBe('delivered');
    expect(orderProgress(hire)).toBe(60);
    expect(orderDownload(hire)).toBe('file');
    expect(orderProgress({ ...hire, status: 'completed' })).toBe(100);
  });

  it('an order with nothing delivered offers no download (no button that can only fail)', () => {
    expect(orderDownload({ kind: 'hire', status: 'pending', delivery_file_key: null })).toBeNull();
    expect(orderDownload({ kind: 'purchase', status: 'completed', delivery_file_key: null })).toBeNull();
    expect(orderDownload({ kind: 'hire', status: 'declined', delivery_file_key: null })).toBeNull();
    expect(orderStage({ kind: 'hire', status: 'pending' })).toBe('pending');
  });
});
