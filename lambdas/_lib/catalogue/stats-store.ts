import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatKey } from '../../../shared/licensing/key-bpm';
import { statsContribution, type CellStats } from '../../../shared/marketplace/catalogue-stats';
import { PRODUCT_GENRES } from '../../../shared/marketplace/genres';
import { BEAT_BPM } from '../../../shared/marketplace/tempo';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchGet, batchWrite } from '../db/batch';
import {
  ALL_CELL,
  BPM_BAND,
  bpmBand,
  bpmBandCell,
  displayedPrice,
  genreCell,
  keyCell,
  type Cell,
  type EntryCard,
} from './entries';

/**
 * Stats items of the cells the search counts and plans with (`CATSTATS#<cell>` / `STATS`): the whole
 * catalogue, each genre, each key and each BPM band. The indexer adds a beat's contribution when it enters
 * a cell and subtracts it when it leaves (atomic ADDs, summed per batch so a busy cell gets one update
 * per batch). Other cells (a creator, a genre and key) are small and counted by the search itself.
 * A re-index sets them all from its own tally instead (setCellStats), which repairs ADDs that drifted.
 */

const statsKey = (cell: Cell) => ({ PK: `CATSTATS#${cell}`, SK: 'STATS' });

/** The stats cells a beat counts in. */
export function statsCellsOf(card: Pick<EntryCard, 'genre' | 'key' | 'bpm'>): Cell[] {
  const cells = [ALL_CELL, genreCell(card.genre), bpmBandCell(bpmBand(card.bpm))];
  if (card.key) cells.push(keyCell(card.key));
  return cells;
}

/** Every stats cell a beat can count in under the upload rules: the genres, the 24 keys, the BPM bands. */
export function possibleStatsCells(): Cell[] {
  const keys = Array.from({ length: 12 }, (_, tonic) =>
    (['major', 'minor'] as const).map((mode) => keyCell(formatKey({ tonic, mode }))),
  ).flat();
  const bands: Cell[] = [];
  for (let band = bpmBand(BEAT_BPM.min); band <= BEAT_BPM.max; band += BPM_BAND)
    bands.push(bpmBandCell(band));
  return [ALL_CELL, ...PRODUCT_GENRES.map(genreCell), ...keys, ...bands];
}

/** Sums of beats' stats contributions, one map per cell (a re-index's tally, or a batch's delta). */
export class CellSums {
  protected readonly cells = new Map<Cell, Map<string, number>>();

  /** `sign` 1 when the beat enters its cells with this card, -1 when this card leaves them. */
  add(card: EntryCard, sign: 1 | -1): void {
    const contribution = statsContribution({
      bpm: card.bpm,
      price: displayedPrice(card),
      duration_seconds: card.duration_seconds,
      rating: card.rating,
      downloads: card.downloads,
      created_at: card.created_at,
    });
    for (const cell of statsCellsOf(card)) {
      let delta = this.cells.get(cell);
      if (!delta) this.cells.set(cell, (delta = new Map()));
      for (const [name, value] of Object.entries(contribution)) {
        delta.set(name, (delta.get(name) ?? 0) + sign * value);
      }
    }
  }

  byCell(): ReadonlyMap<Cell, ReadonlyMap<string, number>> {
    return this.cells;
  }
}

/** Accumulates stats changes of a batch, one delta map per cell. */
export class StatsDelta extends CellSums {
  /** One UpdateItem per changed cell: ADD of every non-zero delta (a few at a time). */
  async write(): Promise<number> {
    const pending = [...this.cells];
    this.cells.clear();
    let updates = 0;
    const worker = async () => {
      for (let next = pending.shift(); next; next = pending.shift())
        if (await this.writeCell(...next)) updates += 1;
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    return updates;
  }

  private async writeCell(cell: Cell, delta: Map<string, number>): Promise<boolean> {
    const changes = [...delta].filter(([, value]) => Math.abs(value) > 1e-9);
    if (changes.length === 0) return false;
    const names: Record<string, string> = {};
    const values: Record<string, number> = {};
    changes.forEach(([name, value], index) => {
      names[`#a${index}`] = name;
      values[`:v${index}`] = value;
    });
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: statsKey(cell),
        UpdateExpression: `ADD ${changes.map((_, index) => `#a${index} :v${index}`).join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  }
}

/**
 * Sets the cells' stats to `tally`, a re-index's count of every published beat (what ADDs from scratch
 * would have made): each counted cell's item is replaced whole, so bins that drifted away from zero go
 * too, and a possible cell the pass found no beat in loses its item (no item: zero beats). Like the word
 * counts (vocabulary.ts, setWordCounts) it does not lock out the stream: a beat published or changed
 * after the pass read its page, whose ADDs land before this write, is counted as the pass saw it (the
 * cells stay off by that change until the next re-index). A cell outside possibleStatsCells that no beat
 * is in (a genre since retired) is not looked for and keeps its item.
 */
export async function setCellStats(tally: CellSums): Promise<{ set: number; cleared: number }> {
  const counted = tally.byCell();
  const empty = [...(await readStats(possibleStatsCells().filter((cell) => !counted.has(cell)))).keys()];
  await batchWrite([
    ...[...counted].map(([cell, sums]) => ({ put: { ...statsKey(cell), ...Object.fromEntries(sums) } })),
    ...empty.map((cell) => ({ delete: statsKey(cell) })),
  ]);
  return { set: counted.size, cleared: empty.length };
}

/** The stats of some cells (a cell never written has no item: zero beats). */
export async function readStats(cells: readonly Cell[]): Promise<Map<Cell, CellStats>> {
  const unique = [...new Set(cells)];
  const items = unique.length ? await batchGet(unique.map(statsKey)) : [];
  const out = new Map<Cell, CellStats>();
  for (const item of items) {
    const cell = String(item.PK).slice('CATSTATS#'.length);
    const stats: Record<string, number> = {};
    for (const [name, value] of Object.entries(item)) if (typeof value === 'number') stats[name] = value;
    out.set(cell, stats);
  }
  return out;
}
