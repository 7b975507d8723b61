import { writeMidi, type MidiEvent } from 'midi-file';

/**
 * Standard MIDI File (format 1) writer over the `midi-file` library: a conductor track with tempo,
 * time and key signature, then one track per instrument. Notes are given in beats.
 */
export const TICKS_PER_BEAT = 480;

export interface MidiNote {
  /** MIDI note number 0..127. */
  pitch: number;
  /** Start in beats (quarter notes) from the beginning. */
  start: number;
  /** Length in beats. */
  duration: number;
  velocity: number;
}

export interface MidiTrackSpec {
  name: string;
  /** 0..15; 9 is General MIDI percussion. */
  channel: number;
  /** General MIDI program; on channel 9 it selects the drum kit (GM2/GS: 0 standard, 8 room, 16 power, 32 jazz, 40 brush). */
  program?: number;
  /** Stereo position, −1 (left) … 1 (right), written as controller 10; absent leaves the player's default. */
  pan?: number;
  notes: MidiNote[];
}

export interface MidiSongSpec {
  bpm: number;
  /** Key signature: sharps (+) or flats (-) count and major/minor. */
  keySignature?: { accidentals: number; minor: boolean };
  timeSignature?: [number, number];
  name?: string;
  tracks: MidiTrackSpec[];
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function noteTrack(track: MidiTrackSpec): MidiEvent[] {
  const timed: { tick: number; order: number; event: MidiEvent }[] = [];
  const channel = clamp(Math.round(track.channel), 0, 15);
  for (const note of track.notes) {
    const on = Math.max(0, Math.round(note.start * TICKS_PER_BEAT));
    const off = Math.max(on + 1, Math.round((note.start + note.duration) * TICKS_PER_BEAT));
    const noteNumber = clamp(Math.round(note.pitch), 0, 127);
    const velocity = clamp(Math.round(note.velocity), 1, 127);
    // Offs sort before ons at the same tick so repeated notes retrigger cleanly.
    timed.push({
      tick: on,
      order: 1,
      event: { deltaTime: 0, type: 'noteOn', channel, noteNumber, velocity },
    });
    timed.push({
      tick: off,
      order: 0,
      event: { deltaTime: 0, type: 'noteOff', channel, noteNumber, velocity: 0 },
    });
  }
  timed.sort((a, b) => a.tick - b.tick || a.order - b.order);
  const events: MidiEvent[] = [{ deltaTime: 0, meta: true, type: 'trackName', text: track.name }];
  if (track.program !== undefined && (channel !== 9 || track.program > 0)) {
    events.push({
      deltaTime: 0,
      type: 'programChange',
      channel,
      programNumber: clamp(track.program, 0, 127),
    });
  }
  if (track.pan !== undefined) {
    // 0 hard left, 64 centre, 127 hard right.
    const value = clamp(Math.round(64 + track.pan * (track.pan < 0 ? 64 : 63)), 0, 127);
    events.push({ deltaTime: 0, type: 'controller', channel, controllerType: 10, value });
  }
  let last = 0;
  for (const item of timed) {
    events.push({ ...item.event, deltaTime: item.tick - last });
    last = item.tick;
  }
  events.push({ deltaTime: 0, meta: true, type: 'endOfTrack' });
  return events;
}

export function writeSong(song: MidiSongSpec): Uint8Array {
  const [numerator, denominator] = song.timeSignature ?? [4, 4];
  const conductor: MidiEvent[] = [
    { deltaTime: 0, meta: true, type: 'trackName', text: song.name ?? '5D' },
    { deltaTime: 0, meta: true, type: 'setTempo', microsecondsPerBeat: Math.round(60_000_000 / song.bpm) },
    {
      deltaTime: 0,
      meta: true,
      type: 'timeSignature',
      numerator,
      denominator,
      metronome: 24,
      thirtyseconds: 8,
    },
  ];
  if (song.keySignature) {
    conductor.push({
      deltaTime: 0,
      meta: true,
      type: 'keySignature',
      key: clamp(song.keySignature.accidentals, -7, 7),
      scale: song.keySignature.minor ? 1 : 0,
    });
  }
  conductor.push({ deltaTime: 0, meta: true, type: 'endOfTrack' });
  const tracks = [conductor, ...song.tracks.map(noteTrack)];
  return Uint8Array.from(
    writeMidi({ header: { format: 1, numTracks: tracks.length, ticksPerBeat: TICKS_PER_BEAT }, tracks }),
  );
}
