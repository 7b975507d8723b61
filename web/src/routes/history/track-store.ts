import type { Database, SqlJsStatic, SqlValue } from 'sql.js';

/**
 * The local track history (core spec §3, 'Local track record'): a SQLite database (sql.js) kept in the
 * browser and persisted in localStorage as base64 after every change. Framework-free and free of Vite
 * imports, so unit tests run it in Node with the same wasm.
 *
 * Playback after a reload: the audio URL the server hands out is presigned and expires within the hour,
 * so it is never stored (issue 18: the history kept dead links). A generated track keeps the object key
 * of its audio (`audioKey`) and the id of its generation job (`generationId`); the history asks
 * `GET /api/generations/{generationId}` to sign the key when it shows the row. `audioUrl` holds only a
 * link that does not expire (none today; kept for records from other sources).
 */

export const HISTORY_STORAGE_KEY = '5d.history.sqlite';
export const HISTORY_PAGE_SIZE = 10;
export const SAVED_STATUS = 'saved';
export const UNTITLED = 'Untitled';

export interface TrackRecord {
  id: string;
  title: string;
  /** A link that does not expire; '' when the audio is signed on view from its key. */
  audioUrl: string;
  status: string;
  /** ISO 8601. */
  createdAt: string;
  /** The generation job that made the track, used to sign its audio on view; null for other sources. */
  generationId: string | null;
  /** The audio's object key in the audio bucket (null for records saved before keys were kept). */
  audioKey: string | null;
}

export interface NewTrack {
  id: string;
  title?: string | null;
  /** The link the server answered; not kept when it is presigned (it expires). */
  audioUrl: string;
  generationId?: string | null;
  audioKey?: string | null;
  createdAt?: Date;
}

/** A presigned S3 link (SigV4 query): it stops working within the hour, so it is never stored. */
export function isPresignedUrl(url: string): boolean {
  return /[?&]X-Amz-(Signature|Expires|Credential)=/i.test(url);
}

export interface TrackPage {
  rows: TrackRecord[];
  total: number;
  /** 1-based, clamped to the pages that exist. */
  page: number;
  /** At least 1, so an empty history reads 'Página 1 de 1'. */
  pageCount: number;
}

/** The slice of the Web Storage API the store needs (localStorage in the browser). */
export type HistoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage refused the database (quota exceeded or storage disabled); the change is still in memory. */
export class HistoryPersistError extends Error {
  override readonly name = 'HistoryPersistError';
}

const SCHEMA_VERSION = 2;

const MIGRATIONS: Record<number, string> = {
  1: `CREATE TABLE IF NOT EXISTS tracks (
        id TEXT PRIMARY KEY NOT NULL,
        title TEXT NOT NULL,
        audioUrl TEXT NOT NULL,
        status TEXT NOT NULL,
        createdAt TEXT NOT NULL,
        generationId TEXT
      );
      CREATE INDEX IF NOT EXISTS tracks_createdAt ON tracks (createdAt);`,
  // The object key is kept and the expired presigned links saved before it are dropped (issue 18).
  2: `ALTER TABLE tracks ADD COLUMN audioKey TEXT;
      UPDATE tracks SET audioUrl = '' WHERE audioUrl LIKE '%X-Amz-%';`,
};

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000; // String.fromCharCode's argument list stays small
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Case- and accent-insensitive form of a title, so 'cafe' finds 'Café Noturno'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
}

function toRecord(row: SqlValue[]): TrackRecord {
  const [id, title, audioUrl, status, createdAt, generationId, audioKey] = row;
  return {
    id: String(id),
    title: String(title),
    audioUrl: String(audioUrl),
    status: String(status),
    createdAt: String(createdAt),
    generationId: generationId === null || generationId === undefined ? null : String(generationId),
    audioKey: audioKey === null || audioKey === undefined ? null : String(audioKey),
  };
}

const COLUMNS = 'id, title, audioUrl, status, createdAt, generationId, audioKey';

export class TrackStore {
  private constructor(
    private readonly db: Database,
    private readonly storage: HistoryStorage | null,
    private readonly storageKey: string,
  ) {
    this.registerFunctions();
    this.migrate();
  }

  /**
   * Opens the stored database, or a new one when there is none or it cannot be read (a corrupt copy is
   * replaced rather than blocking the page).
   */
  static open(
    SQL: SqlJsStatic,
    storage: HistoryStorage | null,
    storageKey = HISTORY_STORAGE_KEY,
  ): TrackStore {
    let db: Database | undefined;
    const saved = readStorage(storage, storageKey);
    if (saved) {
      try {
        db = new SQL.Database(base64ToBytes(saved));
        db.exec('SELECT count(*) FROM sqlite_master');
      } catch {
        db?.close();
        db = undefined;
      }
    }
    return new TrackStore(db ?? new SQL.Database(), storage, storageKey);
  }

  private migrate(): void {
    const version = Number(this.db.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
    if (version >= SCHEMA_VERSION) return;
    for (let next = version + 1; next <= SCHEMA_VERSION; next++) {
      this.db.exec(`${MIGRATIONS[next]}; PRAGMA user_version = ${next};`);
    }
    this.persist();
  }

  /** Saves (or re-saves) a track with status 'saved'; a blank title becomes 'Untitled'. */
  save(track: NewTrack): TrackRecord {
    const record: TrackRecord = {
      id: track.id,
      title: track.title?.trim() || UNTITLED,
      audioUrl: isPresignedUrl(track.audioUrl) ? '' : track.audioUrl,
      status: SAVED_STATUS,
      createdAt: (track.createdAt ?? new Date()).toISOString(),
      generationId: track.generationId ?? null,
      audioKey: track.audioKey ?? null,
    };
    this.db.run(`INSERT OR REPLACE INTO tracks (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      record.id,
      record.title,
      record.audioUrl,
      record.status,
      record.createdAt,
      record.generationId,
      record.audioKey,
    ]);
    this.persist();
    return record;
  }

  get(id: string): TrackRecord | undefined {
    const result = this.db.exec(`SELECT ${COLUMNS} FROM tracks WHERE id = ?`, [id])[0];
    const row = result?.values[0];
    return row ? toRecord(row) : undefined;
  }

  /** Newest first, filtered by title (case- and accent-insensitive), one page at a time. */
  search({
    query = '',
    page = 1,
    pageSize = HISTORY_PAGE_SIZE,
  }: {
    query?: string;
    page?: number;
    pageSize?: number;
  }): TrackPage {
    const needle = foldText(query.trim());
    const where = needle ? 'WHERE instr(fold(title), ?) > 0' : '';
    const params: SqlValue[] = needle ? [needle] : [];
    const total = Number(
      this.db.exec(`SELECT count(*) FROM tracks ${where}`, params)[0]?.values[0]?.[0] ?? 0,
    );
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
    const result = this.db.exec(
      `SELECT ${COLUMNS} FROM tracks ${where} ORDER BY createdAt DESC, rowid DESC LIMIT ? OFFSET ?`,
      [...params, pageSize, (current - 1) * pageSize],
    )[0];
    return { rows: (result?.values ?? []).map(toRecord), total, page: current, pageCount };
  }

  /** Every track, newest first (what 'Exportar JSON' writes). */
  all(): TrackRecord[] {
    const result = this.db.exec(`SELECT ${COLUMNS} FROM tracks ORDER BY createdAt DESC, rowid DESC`)[0];
    return (result?.values ?? []).map(toRecord);
  }

  count(): number {
    return Number(this.db.exec('SELECT count(*) FROM tracks')[0]?.values[0]?.[0] ?? 0);
  }

  clear(): void {
    this.db.run('DELETE FROM tracks');
    this.persist();
  }

  /** Whether the query plan for the history listing uses the createdAt index (tested). */
  explainListing(): string {
    const rows =
      this.db.exec('EXPLAIN QUERY PLAN SELECT id FROM tracks ORDER BY createdAt DESC')[0]?.values ?? [];
    return rows.map((row) => String(row[row.length - 1])).join('\n');
  }

  close(): void {
    this.db.close();
  }

  /** sql.js drops user functions when it exports (it reopens the database), so this runs again after. */
  private registerFunctions(): void {
    this.db.create_function('fold', (value: unknown) => foldText(typeof value === 'string' ? value : ''));
  }

  private persist(): void {
    if (!this.storage) return;
    let bytes: Uint8Array;
    try {
      bytes = this.db.export();
    } finally {
      this.registerFunctions();
    }
    try {
      this.storage.setItem(this.storageKey, bytesToBase64(bytes));
    } catch (error) {
      throw new HistoryPersistError(error instanceof Error ? error.message : String(error));
    }
  }
}

function readStorage(storage: HistoryStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * The 'Exportar JSON' document: the tracks as the spec names their fields, with the audio's object key
 * and generation instead of a link that would expire within the hour.
 */
export function exportDocument(tracks: TrackRecord[]): string {
  return JSON.stringify(
    tracks.map(({ id, title, audioUrl, audioKey, generationId, status, createdAt }) => ({
      id,
      title,
      ...(audioUrl ? { audioUrl } : {}),
      audioKey,
      generationId,
      status,
      createdAt,
    })),
    null,
    2,
  );
}
