import { describe, expect, it } from 'vitest';
import { splitPercent } from '../../web/src/routes/stem-splitter/split-share';

describe("the splitter's headline percent", () => {
  it('moves as soon as decoding does, before the first stem block is written', () => {
    expect(splitPercent({ decode: 0.05, separate: 0, encode: 0 })).toBe(1);
    expect(splitPercent({ decode: 0.45, separate: 0.05, encode: 0.04 })).toBe(18);
  });

  it('reaches 100% only when every stage has, and never leaves 0–100 on a bad report', () => {
    expect(splitPercent({ decode: 1, separate: 1, encode: 0.99 })).toBe(99);
    expect(splitPercent({ decode: 1, separate: 1, encode: 1 })).toBe(100);
    expect(splitPercent({ decode: 1.2, separate: 1, encode: 1 })).toBe(100);
    expect(splitPercent({ decode: -0.1, separate: 0, encode: 0 })).toBe(0);
  });
});
