import { describe, expect, it } from 'vitest';
import {
  CompetitionEntryRequest,
  competitionRefusal,
  trackRefusal,
  type EnterableCompetition,
} from '../../shared/competition-entry';

const now = new Date('2026-11-27T12:00:00.000Z');
const running: EnterableCompetition = {
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2026-12-01T00:00:00.000Z',
  is_active: true,
  participants: 4,
  max_participants: 5,
};

describe('entering a competition: the competition', () => {
  it('takes an entry while it runs and has a free spot', () => {
    expect(competitionRefusal(running, now)).toBeUndefined();
  });

  it('refuses before it starts, after it ends, once marked finished, and when every spot is taken', () => {
    expect(competitionRefusal({ ...running, starts_at: '2026-11-28T00:00:00.000Z' }, now)?.code).toBe(
      'COMPETITION_NOT_STARTED',
    );
    expect(competitionRefusal({ ...running, ends_at: now.toISOString() }, now)?.code).toBe(
      'COMPETITION_FINISHED',
    );
    expect(competitionRefusal({ ...running, is_active: false }, now)?.code).toBe('COMPETITION_FINISHED');
    expect(competitionRefusal({ ...running, participants: 5 }, now)).toEqual({
      status: 409,
      code: 'COMPETITION_FULL',
    });
  });
});

describe('entering a competition: the track', () => {
  it("takes the caller's own published track only", () => {
    expect(trackRefusal({ creator_id: 'me', status: 'published' }, 'me')).toBeUndefined();
    expect(trackRefusal(undefined, 'me')).toEqual({ status: 404, code: 'COMPETITION_TRACK_NOT_FOUND' });
    expect(trackRefusal({ creator_id: 'other', status: 'published' }, 'me')).toEqual({
      status: 403,
      code: 'COMPETITION_TRACK_NOT_YOURS',
    });
    expect(trackRefusal({ creator_id: 'me', status: 'sold' }, 'me')?.code).toBe('COMPETITION_TRACK_SOLD');
  });

  it('the request names a competition and a project, nothing else (the user comes from the token)', () => {
    expect(CompetitionEntryRequest.safeParse({ competition_id: 'c', project_id: 'p' }).success).toBe(true);
    expect(
      CompetitionEntryRequest.safeParse({ competition_id: 'c', project_id: 'p', user_id: 'x' }).success,
    ).toBe(false);
    expect(CompetitionEntryRequest.safeParse({ competition_id: ' ', project_id: 'p' }).success).toBe(false);
  });
});
