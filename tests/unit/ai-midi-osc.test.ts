import { Midi } from '@tonejs/midi';
import { describe, expect, it } from 'vitest';
import { BeatSettings, MelodySettings } from '../../shared/schemas/ai';
import { beatMidi, GM, melodyMidi, songMidi } from '../../shared/midi/generators';
import { writeSong } from '../../shared/midi/smf';
import { parseKey, SCALE_STEPS } from '../../shared/midi/theory';
import { decodeOsc, encodeOsc } from '../../shared/osc/osc';
import { oscMessageFor } from '../../lambdas/_lib/daw/osc-bridge';

const parse = (bytes: Uint8Array) => new Midi(bytes);

describe('MIDI export (basic DAW dialog)', () => {
  it('writes a Standard MIDI File with the requested tempo, key and only the chosen tracks', () => {
    const { midi } = songMidi({
      bpm: 97,
      key: 'E Minor',
      genre: 'trap',
      tracks: { drums: true, bass: true, melody: false, harmony: true },
    });
    expect(Buffer.from(midi.subarray(0, 4)).toString('latin1')).toBe('MThd');
    const song = parse(midi);
    expect(song.header.tempos[0]!.bpm).toBeCloseTo(97, 1);
    // One sharp, minor mode: @tonejs/midi names a signature by its major key (G) plus the mode flag.
    expect(song.header.keySignatures[0]).toMatchObject({ key: 'G', scale: 'minor' });
    const named = song.tracks.filter((t) => t.notes.length > 0).map((t) => t.name);
    expect(named).toEqual(['Drums', 'Bass', 'Harmony']);
    const bass = song.tracks.find((t) => t.name === 'Bass')!;
    // Bass starts on the tonic E (pitch class 4).
    expect(bass.notes[0]!.midi % 12).toBe(4);
    expect(song.tracks.find((t) => t.name === 'Drums')!.channel).toBe(9);
  });

  it("writes a track's stereo position and a drum kit choice when given", () => {
    const midi = writeSong({
      bpm: 120,
      tracks: [
        {
          name: 'Keys',
          channel: 2,
          program: 4,
          pan: -1,
          notes: [{ pitch: 60, start: 0, duration: 1, velocity: 90 }],
        },
        { name: 'Kit', channel: 9, program: 32, notes: [{ pitch: 36, start: 0, duration: 1, velocity: 90 }] },
        { name: 'Plain', channel: 9, notes: [{ pitch: 38, start: 1, duration: 1, velocity: 90 }] },
      ],
    });
    const [keys, kit, plain] = parse(midi).tracks.filter((t) => t.notes.length > 0);
    expect(keys!.controlChanges[10]![0]!.value).toBe(0); // hard left
    expect(keys!.instrument.number).toBe(4);
    expect(kit!.instrument.number).toBe(32); // jazz kit on the percussion channel
    expect(plain!.controlChanges[10]).toBeUndefined();
  });

  it('keeps every melodic note inside the key', () => {
    const { midi } = songMidi({
      bpm: 128,
      key: 'Am',
      genre: 'electronic',
      tracks: { melody: true, harmony: true, bass: true },
    });
    const aMinor = new Set(SCALE_STEPS.minor!.map((s) => (9 + s) % 12));
    for (const track of parse(midi).tracks) {
      for (const note of track.notes)
        expect(aMinor.has(note.midi % 12), `${track.name} ${note.name}`).toBe(true);
    }
  });
});

describe('AI beat generation', () => {
  it('renders the settings as drum notes at the requested BPM and length', () => {
    const settings = BeatSettings.parse({
      genre: 'house',
      bpm: 124,
      complexity: 5,
      measures: 2,
      swing: 0,
      humanization: 0,
    });
    const song = parse(beatMidi(settings).midi);
    expect(song.header.tempos[0]!.bpm).toBeCloseTo(124, 1);
    const drums = song.tracks.find((t) => t.name === 'Drums')!;
    const kicks = drums.notes.filter((n) => n.midi === GM.kick);
    // Four on the floor: a kick on every beat of both bars.
    expect(kicks.map((n) => n.ticks / song.header.ppq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(drums.notes.every((n) => n.ticks < 8 * song.header.ppq)).toBe(true);
  });

  it('applies swing to off-beat sixteenths and complexity adds notes', () => {
    const straight = beatMidi(
      BeatSettings.parse({ genre: 'techno', bpm: 130, swing: 0, humanization: 0, complexity: 2 }),
    );
    const swung = beatMidi(
      BeatSettings.parse({ genre: 'techno', bpm: 130, swing: 100, humanization: 0, complexity: 2 }),
    );
    const offbeat = (bytes: Uint8Array) =>
      parse(bytes)
        .tracks.find((t) => t.name === 'Drums')!
        .notes.filter((n) => n.midi === GM.closedHat)
        .map((n) => (n.ticks / 120) % 1);
    expect(offbeat(straight.midi).every((f) => f === 0)).toBe(true);
    expect(offbeat(swung.midi).some((f) => f > 0.2)).toBe(true);
    const busy = beatMidi(BeatSettings.parse({ genre: 'techno', bpm: 130, complexity: 10, humanization: 0 }));
    expect(busy.notes).toBeGreaterThan(straight.notes);
  });

  it('rejects slider values outside the spec ranges', () => {
    expect(BeatSettings.safeParse({ bpm: 59 }).success).toBe(false);
    expect(BeatSettings.safeParse({ bpm: 201 }).success).toBe(false);
    expect(BeatSettings.safeParse({ complexity: 11 }).success).toBe(false);
    expect(BeatSettings.safeParse({ humanization: 55 }).success).toBe(false);
    expect(BeatSettings.safeParse({ swing: 105 }).success).toBe(false);
    expect(MelodySettings.safeParse({ bars: 2 }).success).toBe(false);
    expect(MelodySettings.safeParse({ bars: 34 }).success).toBe(false);
    expect(BeatSettings.parse({})).toMatchObject({
      bpm: 128,
      complexity: 5,
      measures: 4,
      swing: 0,
      humanization: 15,
    });
  });
});

describe('AI melody creation', () => {
  it('writes a melody of the requested bars in the key and scale, ending on the tonic', () => {
    const settings = MelodySettings.parse({
      key: 'D',
      scale: 'dorian',
      emotion: 'sad',
      bars: 8,
      complexity: 6,
      bpm: 100,
    });
    const { midi } = melodyMidi(settings);
    const song = parse(midi);
    const notes = song.tracks.find((t) => t.name === 'Melody')!.notes;
    const root = parseKey('D').root;
    const allowed = new Set(SCALE_STEPS.dorian!.map((s) => (root + s) % 12));
    expect(notes.length).toBeGreaterThan(4);
    for (const note of notes) expect(allowed.has(note.midi % 12)).toBe(true);
    expect(notes.at(-1)!.midi % 12).toBe(root);
    expect(Math.max(...notes.map((n) => n.ticks + n.durationTicks)) / song.header.ppq).toBeLessThanOrEqual(
      32,
    );
    expect(song.header.tempos[0]!.bpm).toBeCloseTo(100, 1);
  });
});

describe('OSC 1.0 packets', () => {
  it('round-trips address, type tags and arguments with 4-byte padding', () => {
    const packet = encodeOsc({
      address: '/live/song/set/tempo',
      args: [
        { type: 'f', value: 128.5 },
        { type: 'i', value: -3 },
        { type: 's', value: 'abc' },
      ],
    });
    expect(packet.length % 4).toBe(0);
    // "/live/song/set/tempo" is 20 chars + NUL → padded to 24; ",fis" + NUL → 8; float 4; int 4; "abc\0" 4.
    expect(packet.length).toBe(24 + 8 + 4 + 4 + 4);
    expect(Buffer.from(packet.subarray(20, 24))).toEqual(Buffer.alloc(4));
    expect(Buffer.from(packet.subarray(24, 29)).toString('latin1')).toBe(',fis\0');
    expect(decodeOsc(packet)).toEqual({
      address: '/live/song/set/tempo',
      args: [
        { type: 'f', value: 128.5 },
        { type: 'i', value: -3 },
        { type: 's', value: 'abc' },
      ],
    });
  });

  it('pads an address whose length is a multiple of 4 with a full NUL word', () => {
    const packet = encodeOsc({ address: '/abc', args: [] });
    expect([...packet]).toEqual([47, 97, 98, 99, 0, 0, 0, 0, 44, 0, 0, 0]);
  });

  it('encodes big-endian numbers', () => {
    const packet = encodeOsc({ address: '/i', args: [{ type: 'i', value: 1 }] });
    expect([...packet.subarray(-4)]).toEqual([0, 0, 0, 1]);
  });

  it('rejects malformed packets', () => {
    expect(() => decodeOsc(new Uint8Array([47, 97, 0]))).toThrow();
    expect(() => decodeOsc(new Uint8Array([47, 97, 0, 0, 120, 0, 0, 0]))).toThrow(/type tag/);
  });

  it('maps DAW commands to their OSC surfaces', () => {
    expect(oscMessageFor('ableton', 'tempo', 140)).toEqual({
      address: '/live/song/set/tempo',
      args: [{ type: 'f', value: 140 }],
    });
    expect(oscMessageFor('ableton', 'play').address).toBe('/live/song/start_playing');
    expect(oscMessageFor('reaper', 'stop').address).toBe('/stop');
  });
});
