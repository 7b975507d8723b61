import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HISTORY_STORAGE_KEY,
  TrackStore,
  exportDocument,
  foldText,
  type HistoryStorage,
} from '../../web/src/routes/history/track-store';

let SQL: SqlJsStatic;

beforeAll(async () => {
  // The same wasm build the browser gets, loaded from node_modules.
  SQL = await initSqlJs();
});

class MemoryStorage implements HistoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 12, minute));

function seed(store: TrackStore, count: number) {
  for (let i = 1; i <= count; i++) {
    store.save({ id: `t${i}`, title: `Faixa ${i}`, audioUrl: `https://audio/${i}.wav`, createdAt: at(i) });
  }
}

describe('history track store (sql.js)', () => {
  it('a saved track gets status "saved", and a blank title becomes "Untitled"', () => {
    const store = TrackStore.open(SQL, new MemoryStorage());
    const saved = store.save({
      id: 'a',
      title: '   ',
      audioUrl: 'https://audio/a.wav',
      generationId: 'job-1',
    });
    expect(saved).toMatchObject({ id: 'a', title: 'Untitled', status: 'saved', generationId: 'job-1' });
    expect(store.get('a')).toEqual(saved);
    expect(store.save({ id: 'b', title: null, audioUrl: 'u' }).title).toBe('Untitled');
    expect(store.save({ id: 'c', title: ' Noite ', audioUrl: 'u' }).title).toBe('Noite');
  });

  it('the history survives a reload: the database is persisted in storage as base64 and reopened', () => {
    const storage = new MemoryStorage();
    const first = TrackStore.open(SQL, storage);
    first.save({ id: 'x', title: 'Trap 30s', audioUrl: 'https://audio/x.wav', createdAt: at(1) });
    first.close();
    expect(storage.getItem(HISTORY_STORAGE_KEY)).toMatch(/^[A-Za-z0-9+/]+=*$/);

    const reopened = TrackStore.open(SQL, storage);
    expect(reopened.all()).toEqual([
      {
        id: 'x',
        title: 'Trap 30s',
        audioUrl: 'https://audio/x.wav',
        status: 'saved',
        createdAt: at(1).toISOString(),
        generationId: null,
        audioKey: null,
      },
    ]);
  });

  it('a corrupt stored copy is replaced by an empty history instead of breaking the page', () => {
    const storage = new MemoryStorage();
    storage.setItem(HISTORY_STORAGE_KEY, btoa('not a sqlite file at all'));
    const store = TrackStore.open(SQL, storage);
    expect(store.count()).toBe(0);
    store.save({ id: 'ok', audioUrl: 'u' });
    expect(TrackStore.open(SQL, storage).count()).toBe(1);
  });

  it('lists newest first, 10 per page, and clamps the page number to the pages that exist', () => {
    const store = TrackStore.open(SQL, new MemoryStorage());
    seed(store, 23);
    const first = store.search({});
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 3 });
    expect(first.rows.map((row) => row.id)).toEqual([
      't23',
      't22',
      't21',
      't20',
      't19',
      't18',
      't17',
      't16',
      't15',
      't14',
    ]);
    const last = store.search({ page: 3 });
    expect(last.rows.map((row) => row.id)).toEqual(['t3', 't2', 't1']);
    expect(store.search({ page: 99 }).page).toBe(3);
    expect(store.search({ page: 0 }).page).toBe(1);
  });

  it('an empty history has one (empty) page', () => {
    const store = TrackStore.open(SQL, new MemoryStorage());
    expect(store.search({})).toEqual({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it('search by title ignores case and accents, also after changes were persisted', () => {
    const store = TrackStore.open(SQL, new MemoryStorage());
    store.save({ id: '1', title: 'Café Noturno', audioUrl: 'u', createdAt: at(1) });
    store.save({ id: '2', title: 'Techno de Verão', audioUrl: 'u', createdAt: at(2) });
    store.save({ id: '3', title: 'Outro', audioUrl: 'u', createdAt: at(3) });
    expect(store.search({ query: 'cafe' }).rows.map((row) => row.id)).toEqual(['1']);
    expect(store.search({ query: 'VERAO' }).rows.map((row) => row.id)).toEqual(['2']);
    expect(store.search({ query: 'o' }).total).toBe(3);
    expect(store.search({ query: 'nada' })).toMatchObject({ total: 0, pageCount: 1 });
    // Characters LIKE would treat as wildcards are plain text here.
    expect(store.search({ query: '%' }).total).toBe(0);
  });

  it('the listing query uses the index on createdAt', () => {
    const store = TrackStore.open(SQL, new MemoryStorage());
    expect(store.explainListing()).toContain('tracks_createdAt');
  });

  it('"Limpar histórico" removes every track, persisted', () => {
    const storage = new MemoryStorage();
    const store = TrackStore.open(SQL, storage);
    seed(store, 3);
    store.clear();
    expect(store.count()).toBe(0);
    expect(TrackStore.open(SQL, storage).count()).toBe(0);
  });

  it('saving the same track again updates it instead of duplicating it', () => {
    const store = TrackStore.open(SQL, new MemoryStorage());
    store.save({ id: 'same', title: 'Um', audioUrl: 'u1' });
    store.save({ id: 'same', title: 'Dois', audioUrl: 'u2' });
    expect(store.all()).toHaveLength(1);
    expect(store.get('same')?.title).toBe('Dois');
  });

  it('a full storage surfaces as an error the page can report', () => {
    const storage = new MemoryStorage();
    const store = TrackStore.open(SQL, storage);
    storage.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    expect(() => store.save({ id: 'big', audioUrl: 'u' })).toThrow(/quota/);
  });

  it('the export holds the spec fields of every track, newest first', () => {
    const store = TrackStore.open(SQL, new MemoryStorage());
    seed(store, 2);
    const parsed: unknown = JSON.parse(exportDocument(store.all()));
    expect(parsed).toEqual([
      {
        id: 't2',
        title: 'Faixa 2',
        audioUrl: 'https://audio/2.wav',
        audioKey: null,
        generationId: null,
        status: 'saved',
        createdAt: at(2).toISOString(),
      },
      {
        id: 't1',
        title: 'Faixa 1',
        audioUrl: 'https://audio/1.wav',
        audioKey: null,
        generationId: null,
        status: 'saved',
        createdAt: at(1).toISOString(),
      },
    ]);
  });

  it('keeps the object key and never the presigned link, which expires within the hour (issue 18)', () => {
    const store = TrackStore.open(SQL, new MemoryStorage());
    const presigned =
      'https://audio-files.s3.amazonaws.com/generated/job-7/mix.wav?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=x&X-Amz-Expires=3600&X-Amz-Signature=abc';
    const saved = store.save({
      id: 'g',
      title: 'Gerada',
      audioUrl: presigned,
      audioKey: 'generated/job-7/mix.wav',
      generationId: 'job-7',
    });
    expect(saved).toMatchObject({ audioUrl: '', audioKey: 'generated/job-7/mix.wav', generationId: 'job-7' });
    const exported = JSON.parse(exportDocument(store.all())) as Record<string, unknown>[];
    expect(JSON.stringify(exported)).not.toContain('X-Amz-');
    expect(exported[0]).toMatchObject({ audioKey: 'generated/job-7/mix.wav', generationId: 'job-7' });
  });

  it('a history saved before keys were kept drops its expired presigned links on open', () => {
    const storage = new MemoryStorage();
    const v1 = new SQL.Database();
    v1.exec(`CREATE TABLE tracks (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, audioUrl TEXT NOT NULL,
      status TEXT NOT NULL, createdAt TEXT NOT NULL, generationId TEXT); PRAGMA user_version = 1;`);
    v1.run('INSERT INTO tracks VALUES (?, ?, ?, ?, ?, ?)', [
      'old',
      'Antiga',
      'https://s3/x.wav?X-Amz-Signature=abc',
      'saved',
      at(1).toISOString(),
      'job-1',
    ]);
    storage.setItem(HISTORY_STORAGE_KEY, Buffer.from(v1.export()).toString('base64'));
    const store = TrackStore.open(SQL, storage);
    expect(store.get('old')).toMatchObject({ audioUrl: '', generationId: 'job-1', audioKey: null });
  });

  it('foldText strips accents and case', () => {
    expect(foldText('ÁGUA Ção')).toBe('agua cao');
  });
});
