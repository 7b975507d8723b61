import { describe, expect, it } from 'vitest';
import { CreatorSettings, defaultCreatorSettings, ProjectCreate } from '../../shared/schemas/marketplace';
import { OrderRating } from '../../shared/schemas/orders';

const valid = {
  title: '  Noite Quente ',
  description: 'Trap escuro com 808 pesado',
  price: 49.9,
  genre: 'Trap',
  bpm: 140,
  duration: '2:30',
  tags: [' dark ', 'trap', '', 'Dark', '808'],
  audioKey: 'audio/user-1/1700000000000_noite.wav',
  coverKey: 'covers/user-1/1700000000000_noite.png',
};

describe('product upload schema', () => {
  it('accepts the form and normalises title, duration and tags', () => {
    const parsed = ProjectCreate.parse(valid);
    expect(parsed.title).toBe('Noite Quente');
    expect(parsed.duration).toBe(150);
    expect(parsed.tags).toEqual(['dark', 'trap', '808']);
  });

  it('accepts the duration in seconds and no cover', () => {
    const { coverKey: _cover, ...noCover } = valid;
    expect(ProjectCreate.parse({ ...noCover, duration: 95 }).duration).toBe(95);
  });

  it.each([
    ['a zero price', { price: 0 }],
    ['more than 2 decimals', { price: 10.001 }],
    ['a genre outside the list', { genre: 'Polka' }],
    ['a decimal bpm', { bpm: 120.5 }],
    ['a blank title', { title: '   ' }],
    ['a missing description', { description: '' }],
    ['a bad duration', { duration: '2:99' }],
    ['no audio', { audioKey: undefined }],
    ['a key with ..', { audioKey: 'audio/user-1/../x.wav' }],
    ['an unknown field', { status: 'draft' }],
  ])('rejects %s', (_name, change) => {
    expect(ProjectCreate.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});

describe('order rating schema', () => {
  it('accepts whole stars 1 to 5 only', () => {
    expect(OrderRating.safeParse({ rating: 5 }).success).toBe(true);
    expect(OrderRating.safeParse({ rating: 0 }).success).toBe(false);
    expect(OrderRating.safeParse({ rating: 6 }).success).toBe(false);
    expect(OrderRating.safeParse({ rating: 4.5 }).success).toBe(false);
  });
});

describe('creator settings', () => {
  it('has the spec defaults', () => {
    const settings = defaultCreatorSettings('Ana');
    expect(settings.pricing).toEqual({ beatPrice: 50, mixingPrice: 150, masteringPrice: 100 });
    expect(settings.workflow).toEqual({
      autoAcceptOrders: false,
      responseTime: 2,
      workingHours: 'business',
      maxActiveProjects: 5,
    });
    expect(settings.notifications).toEqual({
      newOrders: true,
      messageUpdates: true,
      weeklyReports: true,
      marketingEmails: false,
    });
    expect(settings.privacy).toEqual({
      showOnlineStatus: true,
      allowDirectMessages: true,
      showCompletedProjects: true,
    });
    expect(settings.profile).toEqual({ displayName: 'Ana', bio: '', specialization: 'music-production' });
    expect(CreatorSettings.safeParse(settings).success).toBe(true);
  });

  it('rejects unknown specializations and negative prices', () => {
    const settings = defaultCreatorSettings('Ana');
    expect(
      CreatorSettings.safeParse({ ...settings, profile: { ...settings.profile, specialization: 'x' } })
        .success,
    ).toBe(false);
    expect(
      CreatorSettings.safeParse({ ...settings, pricing: { ...settings.pricing, beatPrice: -1 } }).success,
    ).toBe(false);
  });
});
