/** Seeded pseudo-random numbers (mulberry32): same seed, same sequence, on every platform. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = hashSeed(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [-1, 1). */
  bipolar(): number {
    return this.next() * 2 - 1;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new RangeError('Prng.pick: empty list');
    return item;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Spreads any number (including non-integers and strings' hashes) over 32 bits. */
export function hashSeed(seed: number): number {
  let h = Math.floor(Math.abs(seed) * 1000) ^ 0x9e3779b9;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit FNV-1a hash of a string, for turning text into a seed component. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
