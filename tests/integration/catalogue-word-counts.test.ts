import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { reindexPublished } from '../../lambdas/_lib/catalogue/indexer';
import {
  completionsOf,
  countWords,
  setWordCounts,
  wordCounts,
} from '../../lambdas/_lib/catalogue/vocabulary';
import { putProjects, type ProjectRecord } from '../../lambdas/_lib/db/projects';
import { seedCatalogue } from '../../infra/local/seed-data/catalogue';
import type { CataloguePage } from '../../shared/schemas/catalogue';
import { drainStreams, queries, wastefulQueries } from './catalogue-helpers';
import { call } from './marketplace-helpers';

/**
 * A word's count in the vocabulary is the planner's evidence of how common the word is (issue 16): divided
 * by the catalogue's count of beats, it decides whether a price or BPM walk may filter on the word or the
 * word's own beats are collected instead. A count above the truth makes a rare word look common: the walk
 * then reads several items per item shown (a Morris estimate did that to a word in 22 % of the catalogue
 * one time in twenty, and never went down when beats lost the word). So the count must follow the beats
 * exactly, as the catalogue's count does. The word is made up for this run: the table is shared.
 */

/** A word no other beat has: letters only (digits would be a word of their own). */
const word = `zumbido${[...randomUUID().replace(/-/g, '').slice(0, 8)]
  .map((char) => String.fromCharCode(97 + (parseInt(char, 16) % 26)))
  .join('')}`;

let beats: ProjectRecord[];

/** Writes the beats as they are now and waits for the indexer. */
async function save(changed: readonly ProjectRecord[]) {
  await putProjects(changed);
  await drainStreams();
}

const withoutWord = (beat: ProjectRecord): ProjectRecord => ({
  ...beat,
  title: beat.title.replace(`${word} `, ''),
});

beforeAll(async () => {
  const { beats: seeded } = seedCatalogue({ beats: 20, runTag: word.slice(-6), seed: 41 });
  // 12 of the 20 have the word: neither 12 nor 5 is a power of two less one, all a doubling estimate says.
  beats = seeded.map((beat, n) => (n < 12 ? { ...beat, title: `${word} ${beat.title}` } : beat));
  await save(beats);
});

describe('the vocabulary counts the beats that have a word', () => {
  it('a word published in 12 beats counts 12', async () => {
    expect((await wordCounts([word])).get(word)).toBe(12);
  });

  it('beats that lose the word, by a new title or by being sold, leave its count', async () => {
    const retitled = beats.slice(0, 4).map(withoutWord);
    const sold = beats.slice(4, 7).map((beat): ProjectRecord => ({ ...beat, status: 'sold' }));
    await save([...retitled, ...sold]);
    expect((await wordCounts([word])).get(word)).toBe(5);
  });

  it('a search for the word by price reads at most 3× what it shows, and shows its 5 beats', async () => {
    const before = queries.length;
    const answer = await call<CataloguePage>('GET', '/api/projects', {
      query: { q: `${word} `, sort: 'price_asc' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((card) => card.id).sort()).toEqual(
      beats
        .slice(7, 12)
        .map((beat) => beat.id)
        .sort(),
    );
    expect(answer.body.total).toBe(5);
    expect(wastefulQueries(queries.slice(before))).toEqual([]);
  });

  it('a re-index sets a count that drifted (or was an estimate) back to the beats that have the word', async () => {
    await setWordCounts(new Map([[word, 63]]));
    await reindexPublished();
    expect((await wordCounts([word])).get(word)).toBe(5);
  });

  it('a re-index deletes a word no published beat has whose count drifted above zero', async () => {
    // Two ADDs of a beat that never had the word (a doubled or misapplied stream update): nothing brings
    // it down, and until the re-index it is offered as a completion that finds nothing.
    const stray = `${word}q`;
    await countWords(new Map([[stray, 2]]));
    expect((await completionsOf(stray, 4)).map((entry) => entry.word)).toEqual([stray]);
    await reindexPublished();
    expect((await wordCounts([stray, word])).get(stray)).toBe(0);
    expect(await completionsOf(stray, 4)).toEqual([]);
    // The words beats do have keep their counts.
    expect((await wordCounts([word])).get(word)).toBe(5);
  });

  it('a word every beat lost is no longer offered as a completion', async () => {
    const prefix = word.slice(0, 10);
    expect((await completionsOf(prefix, 4)).map((entry) => entry.word)).toEqual([word]);
    await save(beats.slice(7, 12).map(withoutWord));
    expect((await wordCounts([word])).get(word)).toBe(0);
    expect(await completionsOf(prefix, 4)).toEqual([]);
  });
});
