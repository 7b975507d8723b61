/**
 * Per-frame features of the long-window (low-band) stage for every bin, kept for the full-band stage,
 * which reaches the same instant later: log(harmonic/percussive), log(repeating background/magnitude),
 * and the frame's tracked bass note.
 * A ring of `capacity` frames; frame t lives in slot t mod capacity until overwritten.
 */
export class LongFeatureRing {
  readonly hp: Float32Array[];
  readonly repetition: Float32Array[];
  /** Per frame: the tracked bass note's frequency in Hz (low-band-stage.ts bassNote), 0 where none. */
  readonly bassHz: Float32Array;
  private readonly frameOf: Int32Array;

  constructor(
    readonly bins: number,
    readonly capacity: number,
  ) {
    this.hp = Array.from({ length: capacity }, () => new Float32Array(bins));
    this.repetition = Array.from({ length: capacity }, () => new Float32Array(bins));
    this.bassHz = new Float32Array(capacity);
    this.frameOf = new Int32Array(capacity).fill(-1);
  }

  /** The slot for frame t, claimed (cleared) if it held an older frame. */
  slot(t: number): number {
    const s = t % this.capacity;
    if (this.frameOf[s] !== t) {
      this.frameOf[s] = t;
      this.hp[s]!.fill(0);
      this.repetition[s]!.fill(0);
      this.bassHz[s] = 0;
    }
    return s;
  }

  /** The slot holding frame t, or −1 if it is not (or no longer) there. */
  find(t: number): number {
    const s = t % this.capacity;
    return t >= 0 && this.frameOf[s] === t ? s : -1;
  }
}

/** log((a + ε) / (b + ε)), clipped to ±6 so that silence gives bounded features. */
export function logRatio(a: number, b: number, eps: number): number {
  const r = Math.log((a + eps) / (b + eps));
  return r > 6 ? 6 : r < -6 ? -6 : r;
}
