import { describe, expect, it } from 'vitest';
import { seedBeats } from '../../infra/local/seed-data/marketplace';
import { COVER_TEXT_WIDTH, coverSvg } from '../../infra/local/seed-data/media';

/** The title's <text> lines of a cover: their text, font size and the length the renderer is held to. */
function titleLines(svg: string) {
  return [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)]
    .filter(([, attributes]) => attributes!.includes('font-weight="700"'))
    .map(([, attributes, text]) => ({
      size: Number(/font-size="(\d+)"/.exec(attributes!)![1]),
      length: /textLength="(\d+)"/.exec(attributes!)?.[1]
        ? Number(/textLength="(\d+)"/.exec(attributes!)![1])
        : null,
      text: text!,
    }));
}

/** Held to a length, or short enough at bold Helvetica's average glyph (0.62 em). */
const fits = (line: { size: number; length: number | null; text: string }) =>
  line.length !== null
    ? line.length <= COVER_TEXT_WIDTH
    : [...line.text].length * line.size * 0.62 <= COVER_TEXT_WIDTH;

describe('sample cover art (issue 18: the title inside the cover was cut)', () => {
  it('a short title stays on one line at 40 px', () => {
    const lines = titleLines(coverSvg(1, 'Noite', 'Trap'));
    expect(lines).toEqual([{ size: 40, length: null, text: 'Noite' }]);
  });

  it('a long title wraps to two lines and fits the cover, every word kept', () => {
    const title = 'Madrugada Eterna no Centro de São Paulo';
    const lines = titleLines(coverSvg(2, title, 'Lo-fi'));
    expect(lines.length).toBe(2);
    expect(lines.map((line) => line.text).join(' ')).toBe(title);
    for (const line of lines) expect(fits(line), line.text).toBe(true);
  });

  it('one very long word is held to the cover width', () => {
    const lines = titleLines(coverSvg(3, 'Supercalifragilisticexpialidocious', 'Pop'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBe(COVER_TEXT_WIDTH);
  });

  it('every seeded title fits', () => {
    for (const [index, beat] of seedBeats.entries()) {
      for (const line of titleLines(coverSvg(index + 1, beat.title, beat.genre))) {
        expect(fits(line), `${beat.title}: '${line.text}' at ${line.size} px`).toBe(true);
      }
    }
  });
});
