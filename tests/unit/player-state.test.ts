import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VOLUME,
  effectiveVolume,
  initialPlayerState,
  playerReducer,
  type PlayerAction,
  type PlayerState,
  type PlayerTrack,
} from '../../web/src/components/player/player-state';

const beatA: PlayerTrack = { id: 'a', title: 'Noite Paulista', creator: 'Kaio Beats', audioUrl: '/a.wav' };
const beatB: PlayerTrack = { id: 'b', title: 'Sangue Frio', creator: 'Vitor Santos', audioUrl: '/b.wav' };

const run = (...actions: PlayerAction[]): PlayerState => actions.reduce(playerReducer, initialPlayerState);

describe('sticky player', () => {
  it('starts with nothing loaded, paused, at volume 70 and not muted', () => {
    expect(initialPlayerState).toMatchObject({ track: null, playing: false, volume: 70, muted: false });
    expect(DEFAULT_VOLUME).toBe(70);
    expect(effectiveVolume(initialPlayerState)).toBe(0.7);
  });

  it('selecting a track loads it and plays from the start', () => {
    const state = run({ type: 'select', track: beatA });
    expect(state.track).toEqual(beatA);
    expect(state.playing).toBe(true);
    expect(state.currentTime).toBe(0);
    expect(state.loadId).toBe(1);
  });

  it('selecting another track while one plays switches to it from 0', () => {
    const state = run(
      { type: 'select', track: beatA },
      { type: 'time', currentTime: 42 },
      { type: 'select', track: beatB },
    );
    expect(state.track?.id).toBe('b');
    expect(state.playing).toBe(true);
    expect(state.currentTime).toBe(0);
    expect(state.loadId).toBe(2);
  });

  it('selecting the current track toggles pause and play without reloading', () => {
    const paused = run(
      { type: 'select', track: beatA },
      { type: 'time', currentTime: 10 },
      { type: 'select', track: beatA },
    );
    expect(paused.playing).toBe(false);
    expect(paused.currentTime).toBe(10);
    expect(paused.loadId).toBe(1);
    const resumed = playerReducer(paused, { type: 'select', track: beatA });
    expect(resumed.playing).toBe(true);
    expect(resumed.loadId).toBe(1);
  });

  it('the play button toggles only when a track is loaded', () => {
    expect(run({ type: 'toggle' }).playing).toBe(false);
    expect(run({ type: 'select', track: beatA }, { type: 'toggle' }).playing).toBe(false);
  });

  it('at the end of playback it stops and the time resets to 0', () => {
    const state = run(
      { type: 'select', track: beatA },
      { type: 'time', currentTime: 180 },
      { type: 'ended' },
    );
    expect(state.playing).toBe(false);
    expect(state.currentTime).toBe(0);
    expect(state.track?.id).toBe('a');
  });

  it('muting sets the effective volume to 0 and unmuting restores the previous level', () => {
    const muted = run({ type: 'volume', volume: 35 }, { type: 'toggleMute' });
    expect(muted.muted).toBe(true);
    expect(effectiveVolume(muted)).toBe(0);
    const unmuted = playerReducer(muted, { type: 'toggleMute' });
    expect(unmuted.muted).toBe(false);
    expect(unmuted.volume).toBe(35);
    expect(effectiveVolume(unmuted)).toBeCloseTo(0.35);
  });

  it('moving the volume slider unmutes', () => {
    const state = run({ type: 'toggleMute' }, { type: 'volume', volume: 50 });
    expect(state.muted).toBe(false);
    expect(effectiveVolume(state)).toBe(0.5);
  });

  it('the volume stays within 0–100', () => {
    expect(run({ type: 'volume', volume: 140 }).volume).toBe(100);
    expect(run({ type: 'volume', volume: -3 }).volume).toBe(0);
  });

  it('seeking stays within the track length', () => {
    const state = run(
      { type: 'select', track: beatA },
      { type: 'duration', duration: 120 },
      { type: 'seek', time: 500 },
    );
    expect(state.currentTime).toBe(120);
    expect(playerReducer(state, { type: 'seek', time: -5 }).currentTime).toBe(0);
  });
});
