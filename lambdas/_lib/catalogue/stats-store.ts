import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { statsContribution, type CellStats } from '../../../shared/marketplace/catalogue-stats';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchGet } from '../db/batch';
import { ALL_CELL, bpmBand, bpmBandCell, genreCell, keyCell, type Cell, type EntryCard } from './entries';
import { displayedPrice } from './entries';

/**
 * Stats items of the cells the search counts and plans with (`CATSTATS#<cell>` / `STATS`): the whole
 * catalogue, each genre, each key and each BPM band. The indexer adds a beat's contribution when it enters
 * a cell and subtracts it when it leaves (atomic ADDs, summed per batch so a busy cell gets one update
 * per batch). Other cells (a creator, a genre and key) are small and counted by the search itself.
 */

const statsKey = (cell: Cell) => ({ PK: `CATSTATS#${cell}`, SK: 'STATS' });

/** The stats cells a beat counts in. */
export function statsCellsOf(card: Pick<EntryCard, 'genre' | 'key' | 'bpm'>): Cell[] {
  const cells = [ALL_CELL, genreCell(card.genre), bpmBandCell(bpmBand(card.bpm))];
  if (card.key) cells.push(keyCell(card.key));
  return cells;
}

/** Accumulates stats changes of a batch, one delta map per cell. */
export class StatsDelta {
  private readonly cells = new Map<Cell, Map<string, number>>();

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
