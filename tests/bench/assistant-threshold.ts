/**
 * The offline assistant's relevance threshold on labelled questions (pt/en/es, including questions it
 * must not answer): precision = right answers / answers given, recall = right answers / answerable
 * questions, on the tune half (where the threshold was chosen) and on the held-out half (never tuned on).
 * Also: how well platform questions are routed to the platform's data, and the same questions under the
 * behaviour before the threshold (always answer the best BM25 entry) for comparison.
 *
 *   npx tsx tests/bench/assistant-threshold.ts
 */
import { ANSWER_THRESHOLD, decideOffline } from '../../lambdas/_lib/ai/offline';
import { rankKnowledge } from '../../lambdas/_lib/ai/retrieval';
import { heldOut, tune, type LabelledQuestion } from './data/assistant-questions';

interface Score {
  precision: number;
  recall: number;
  answered: number;
  right: number;
  answerable: number;
  refusedRight: number;
  mustRefuse: number;
  factsRouted: number;
  facts: number;
  wrongFacts: number;
}

function score(
  set: readonly LabelledQuestion[],
  decide: (q: string) => { kind: string; id?: string },
): Score {
  const s: Score = {
    precision: 0,
    recall: 0,
    answered: 0,
    right: 0,
    answerable: 0,
    refusedRight: 0,
    mustRefuse: 0,
    factsRouted: 0,
    facts: 0,
    wrongFacts: 0,
  };
  for (const item of set) {
    const got = decide(item.q);
    if (item.expect === 'facts') {
      s.facts += 1;
      if (got.kind === 'facts') s.factsRouted += 1;
      continue;
    }
    if (got.kind === 'facts') s.wrongFacts += 1;
    if (item.expect.length > 0) s.answerable += 1;
    else s.mustRefuse += 1;
    if (got.kind === 'answer') {
      s.answered += 1;
      if (item.expect.includes(got.id!)) s.right += 1;
    } else if (item.expect.length === 0) s.refusedRight += 1;
  }
  s.precision = s.answered === 0 ? 1 : s.right / s.answered;
  s.recall = s.answerable === 0 ? 1 : s.right / s.answerable;
  return s;
}

const withThreshold = (threshold: number) => (q: string) => {
  const d = decideOffline(q, { threshold });
  return d.kind === 'answer' ? { kind: 'answer', id: d.hits[0]!.entry.id } : { kind: d.kind };
};
/** Before this change: the best BM25 entry whenever any word matched, no platform data. */
const before = (q: string) => {
  const best = rankKnowledge(q)[0];
  return best ? { kind: 'answer', id: best.entry.id } : { kind: 'unknown' };
};

const pct = (v: number) => `${(v * 100).toFixed(1)}%`.padStart(6);
const row = (label: string, s: Score) =>
  `${label.padEnd(34)} precision ${pct(s.precision)}  recall ${pct(s.recall)}  ` +
  `(${s.right}/${s.answered} answered right, ${s.right}/${s.answerable} answerable; ` +
  `refused ${s.refusedRight}/${s.mustRefuse} it must not answer; platform questions to data ${s.factsRouted}/${s.facts}, ` +
  `other questions sent to data ${s.wrongFacts})`;

console.log(
  `Offline assistant threshold — ${tune.length} tune + ${heldOut.length} held-out labelled questions (pt/en/es)\n`,
);
console.log('Sweep on the tune half (the threshold is chosen here):');
for (const threshold of [0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8])
  console.log(row(`  confidence ≥ ${threshold.toFixed(2)}`, score(tune, withThreshold(threshold))));
console.log(`\nChosen threshold ${ANSWER_THRESHOLD} (lambdas/_lib/ai/offline.ts):`);
const tuned = score(tune, withThreshold(ANSWER_THRESHOLD));
const held = score(heldOut, withThreshold(ANSWER_THRESHOLD));
console.log(row('  tune', tuned));
console.log(row('  held-out', held));
console.log('\nBefore (best BM25 entry, always answers):');
console.log(row('  tune', score(tune, before)));
console.log(row('  held-out', score(heldOut, before)));
const target = (s: Score) => s.precision >= 0.9 && s.recall >= 0.8;
console.log(
  `\nTarget precision ≥ 90% and recall ≥ 80%: tune ${target(tuned) ? 'met' : 'NOT met'}, held-out ${target(held) ? 'met' : 'NOT met'}.`,
);
if (process.argv.includes('--misses'))
  for (const [name, set] of [
    ['tune', tune],
    ['held-out', heldOut],
  ] as const)
    for (const item of set) {
      const got = withThreshold(ANSWER_THRESHOLD)(item.q);
      const ok =
        item.expect === 'facts'
          ? got.kind === 'facts'
          : item.expect.length === 0
            ? got.kind === 'unknown'
            : got.kind === 'answer' && item.expect.includes(got.id!);
      if (!ok) {
        const top = rankKnowledge(item.q)[0];
        console.log(
          `  miss (${name}) ${item.q} → ${got.kind} ${got.id ?? ''} [top ${top?.entry.id} conf ${top?.confidence.toFixed(2)}]`,
        );
      }
    }
