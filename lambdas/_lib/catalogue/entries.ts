import type { TierSummary } from '../../../shared/licensing/tier-summary';
import { normalizeKey } from '../../../shared/licensing/key-bpm';
import { isPublicMediaKey, publicMediaUrl } from '../../../shared/marketplace/public-media';
import { beatWords, searchableText, wordSlot } from '../../../shared/marketplace/search-text';
import type { CatalogueCard } from '../../../shared/schemas/catalogue';
import {
  TOKEN_SLOTS,
  catalogueCellAttribute,
  tokenAttribute,
} from '../../../shared/marketplace/catalogue-index';
import { keys } from '../db/keys';
import type { ProjectRecord } from '../db/projects';
import { defaultSettings } from '../licensing/store';
import { offeredTierSummary } from '../licensing/summary';

/**
 * Catalogue index entries (issue 16): items under the beat's own partition (`PROJECT#<id>` / `IDX#<n>`),
 * written only by the catalogue indexer from the beat's META item. Each entry carries the card (so a
 * Query answers a page with no further reads), the sort fields of every order, up to one cell per cell
 * family and up to one token per token slot (shared/marketplace/catalogue-index.ts):
 *
 * | entry   | cat_a       | cat_b        | tokens (w0…w5)                                              |
 * | IDX#1   | `ALL`       | `G#<genre>`  | `c:<creator>`, `gk:<genre>|<key>`, `b:<bpm>`, `p:<price>`, `d:<duration>`, words, `gw:<genre>|<word>` |
 * | IDX#2…  | `K#<key>`   |              | the tokens whose slot was taken in the entries before       |
 *
 * A token's slot is fixed by its hash; it goes to the first entry whose slot is free, and a new entry
 * is added when none is. A sold or unpublished beat has no entries.
 */

export const ENTRY_TYPE = 'catalogue-entry';
/**
 * Raised when the entry layout (or the vocabulary's, 6: exact word counts) changes: the twin re-indexes
 * a data dir written by an older version.
 */
export const INDEX_VERSION = 6;

export type Cell = string;
export const ALL_CELL = 'ALL';
export const genreCell = (genre: string): Cell => `G#${genre}`;
export const keyCell = (key: string): Cell => `K#${key}`;
/** Stats are kept for BPM bands too (a band has no index cell: it is the `b:` token). */
export const bpmBandCell = (band: number): Cell => `B#${band}`;
/** BPM bands of 10 (140 = 140–149). */
export const BPM_BAND = 10;
export const bpmBand = (bpm: number) => Math.floor(bpm / BPM_BAND) * BPM_BAND;

/** Tokens of the token index that are not words (words are letters and digits only: no clash). */
export const creatorToken = (creatorId: string) => `c:${creatorId}`;
export const genreKeyToken = (genre: string, key: string) => `gk:${genre}|${key}`;
/** A word of a beat within its genre: a text search under a genre chip reads only that genre's matches. */
export const genreWordToken = (genre: string, word: string) => `gw:${genre}|${word}`;
export const bpmBandToken = (band: number) => `b:${band}`;
/** Price bands of R$ 5 up to R$ 100 (the filter's slider steps), then one band for R$ 100 and more. */
export const PRICE_BAND = 5;
export const PRICE_BANDS_UP_TO = 100;
export const priceBand = (price: number) =>
  price >= PRICE_BANDS_UP_TO ? PRICE_BANDS_UP_TO : Math.floor(Math.max(0, price) / PRICE_BAND) * PRICE_BAND;
export const priceBandToken = (band: number) => `p:${band}`;
/**
 * Duration bands of 15 s (the filter's slider step) up to 10 min, then one band. A beat whose length is a
 * whole number of bands also gets an edge token: a range `a–b` on the slider's steps reads the bands
 * from `a` to `b − 15` and the edge `b` (the beats of exactly `b` seconds), nothing outside the range.
 */
export const DURATION_BAND = 15;
export const DURATION_BANDS_UP_TO = 600;
export const durationBand = (seconds: number) =>
  Math.min(DURATION_BANDS_UP_TO, Math.floor(Math.max(0, seconds) / DURATION_BAND) * DURATION_BAND);
export const durationBandToken = (band: number) => `d:${band}`;
export const durationEdgeToken = (seconds: number) => `de:${seconds}`;
export const isWord = (token: string) => !token.includes(':');

/** The card as the entries store it (and the planner's residual filters read it). */
export interface EntryCard {
  id: string;
  title: string;
  creator: string;
  creator_id: string;
  genre: string;
  bpm: number;
  duration_seconds: number;
  key?: string;
  price: number;
  licence_from_price?: number;
  licence_count?: number;
  rating: number;
  downloads: number;
  created_at: string;
  cover_key?: string;
  preview_key?: string;
  audio_on_request: boolean;
  txt: string;
}

export type EntryItem = EntryCard & Record<string, unknown> & { PK: string; SK: string };

/** The card's tier summary (the same rule as the beat page): saved tiers, or the default tiers'. */
export function cardTierSummary(project: ProjectRecord): TierSummary | null {
  if (project.licence_count === undefined) {
    return offeredTierSummary(project, defaultSettings(project.id, project.creator_id, project.price));
  }
  return project.licence_count > 0 && project.licence_from_price !== undefined
    ? { from_price: project.licence_from_price, count: project.licence_count }
    : null;
}

/** The price a card shows and the price filter and sort use: from the cheapest tier when tiers exist. */
export function displayedPrice(card: Pick<EntryCard, 'price' | 'licence_from_price'>): number {
  return card.licence_from_price ?? card.price;
}

/** The public preview of a beat: its 128 kbps rendition (never the uploaded master). */
function publicPreviewKey(project: ProjectRecord): string | undefined {
  if (isPublicMediaKey(project.preview_key)) return project.preview_key;
  return undefined;
}

/** The card fields of a beat, as its entries store them. */
export function entryCardOf(project: ProjectRecord): EntryCard {
  const tiers = cardTierSummary(project);
  const key = normalizeKey(project.key);
  const preview = publicPreviewKey(project);
  const cover = isPublicMediaKey(project.cover_key) ? project.cover_key : undefined;
  return {
    id: project.id,
    title: project.title,
    creator: project.creator_name,
    creator_id: project.creator_id,
    genre: project.genre,
    bpm: project.bpm,
    duration_seconds: project.duration_seconds,
    ...(key ? { key } : {}),
    price: project.price,
    ...(tiers ? { licence_from_price: tiers.from_price, licence_count: tiers.count } : {}),
    rating: project.rating,
    downloads: project.downloads,
    created_at: project.created_at,
    ...(cover ? { cover_key: cover } : {}),
    ...(preview ? { preview_key: preview } : {}),
    // Until its preview is rendered a beat plays from a short-lived link asked for on play.
    audio_on_request: !preview && Boolean(project.preview_key ?? project.audio_key),
    txt: searchableText({ title: project.title, creator: project.creator_name, tags: project.tags }),
  };
}

/** A beat's tokens: its cells kept in the token index, its words (title first), each word in its genre. */
export function beatTokens(project: ProjectRecord, key: string | undefined, price: number): string[] {
  const words = beatWords({ title: project.title, creator: project.creator_name, tags: project.tags });
  return [
    creatorToken(project.creator_id),
    ...(key ? [genreKeyToken(project.genre, key)] : []),
    bpmBandToken(bpmBand(project.bpm)),
    priceBandToken(priceBand(price)),
    durationBandToken(durationBand(project.duration_seconds)),
    ...(project.duration_seconds > 0 &&
    project.duration_seconds < DURATION_BANDS_UP_TO &&
    project.duration_seconds % DURATION_BAND === 0
      ? [durationEdgeToken(project.duration_seconds)]
      : []),
    ...words.title,
    ...words.other,
    ...[...words.title, ...words.other].map((word) => genreWordToken(project.genre, word)),
  ];
}

/** The entries a published beat should have now; none for a sold one. */
export function entriesFor(project: ProjectRecord): EntryItem[] {
  if (project.status !== 'published') return [];
  const card = entryCardOf(project);
  const pk = keys.project(project.id);
  const entry = (n: number): EntryItem => ({
    PK: pk,
    SK: `IDX#${n}`,
    type: ENTRY_TYPE,
    v: INDEX_VERSION,
    ...card,
    s_pop: Math.max(0, project.downloads),
    s_new: `${project.created_at}#${project.id}`,
    s_price: displayedPrice(card),
    s_bpm: project.bpm,
  });
  const first = entry(1);
  first[catalogueCellAttribute('a')] = ALL_CELL;
  first[catalogueCellAttribute('b')] = genreCell(project.genre);
  const entries = [first];
  if (card.key) {
    const second = entry(2);
    second[catalogueCellAttribute('a')] = keyCell(card.key);
    entries.push(second);
  }
  for (const token of beatTokens(project, card.key, displayedPrice(card))) {
    const attribute = tokenAttribute(wordSlot(token, TOKEN_SLOTS));
    let holder = entries.find((candidate) => candidate[attribute] === undefined);
    if (!holder) {
      holder = entry(entries.length + 1);
      entries.push(holder);
    }
    holder[attribute] = token;
  }
  first.entries = entries.length;
  return entries;
}

/** The card a visitor gets from an entry: public fields and stable URLs only. */
export function cardFromEntry(entry: object): CatalogueCard {
  const item = entry as Record<string, unknown>;
  const count = typeof item.licence_count === 'number' ? item.licence_count : undefined;
  const from = typeof item.licence_from_price === 'number' ? item.licence_from_price : undefined;
  return {
    id: String(item.id),
    title: String(item.title ?? ''),
    creator: String(item.creator ?? ''),
    creator_id: String(item.creator_id ?? ''),
    genre: String(item.genre ?? ''),
    bpm: Number(item.bpm ?? 0),
    duration_seconds: Number(item.duration_seconds ?? 0),
    key: typeof item.key === 'string' ? item.key : null,
    price: Number(item.price ?? 0),
    licences: count !== undefined && count > 0 && from !== undefined ? { from_price: from, count } : null,
    rating: Number(item.rating ?? 0),
    downloads: Number(item.downloads ?? 0),
    created_at: String(item.created_at ?? ''),
    coverUrl: publicMediaUrl(typeof item.cover_key === 'string' ? item.cover_key : null),
    audioUrl: publicMediaUrl(typeof item.preview_key === 'string' ? item.preview_key : null),
    audioOnRequest: item.audio_on_request === true,
  };
}
