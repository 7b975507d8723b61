/** FIFO of planar float frames (the low stage's stems, waiting out the full-band stage's latency). */
export class FrameQueue {
  private data: Float64Array[];
  private head = 0;
  private size = 0;

  constructor(private readonly channels: number) {
    this.data = Array.from({ length: channels }, () => new Float64Array(1 << 16));
  }

  /** Frames waiting. */
  get length(): number {
    return this.size;
  }

  push(channels: Float64Array[], frames: number): void {
    const cap = this.data[0]!.length;
    if (this.size + frames > cap) {
      let bigger = cap;
      while (this.size + frames > bigger) bigger *= 2;
      this.data = this.data.map((old) => {
        const grown = new Float64Array(bigger);
        for (let i = 0; i < this.size; i++) grown[i] = old[(this.head + i) % cap]!;
        return grown;
      });
      this.head = 0;
    }
    const size = this.data[0]!.length;
    for (let c = 0; c < this.channels; c++) {
      const dst = this.data[c]!;
      const src = channels[c]!;
      for (let i = 0, at = (this.head + this.size) % size; i < frames; i++, at = at + 1 === size ? 0 : at + 1)
        dst[at] = src[i]!;
    }
    this.size += frames;
  }

  /** Removes the next `frames` frames into `into` (channel c into into[c], from index 0). */
  take(into: Float64Array[], frames: number): void {
    if (frames > this.size) throw new Error('StemSplitStream: low-band queue ran dry');
    const size = this.data[0]!.length;
    for (let c = 0; c < this.channels; c++) {
      const src = this.data[c]!;
      const dst = into[c]!;
      for (let i = 0, at = this.head; i < frames; i++, at = at + 1 === size ? 0 : at + 1) dst[i] = src[at]!;
    }
    this.head = (this.head + frames) % size;
    this.size -= frames;
  }
}
