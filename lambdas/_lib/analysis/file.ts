import { inflateRawSync } from 'node:zlib';
import { isDecodedFormat, sniffAudioFormat, type DecodedFormat } from '../../../shared/audio/formats';
import {
  measureAudio,
  MAX_ANALYSIS_SECONDS,
  type AudioMeasurements,
} from '../../../shared/audio/music/analyse';
import { round } from '../../../shared/audio/music/dsp';
import { decodeStoredAudio } from './stored-audio';

/**
 * What ai-file-analysis and audio-analysis compute per kind of file. Audio (WAV, MP3, FLAC, Ogg Vorbis)
 * is decoded (its first MAX_ANALYSIS_SECONDS) and measured by the platform's one music analysis; other
 * audio formats get a note. Documents: size, counts and structure; PDF page count from its page objects;
 * DOCX paragraphs from the zip's word/document.xml.
 */
export type FileAnalysis =
  | ({
      kind: 'audio';
      format: DecodedFormat;
      name: string;
      sizeBytes: number;
      /** Seconds measured (the whole file up to MAX_ANALYSIS_SECONDS). */
      analysedSeconds: number;
    } & AudioMeasurements)
  | {
      kind: 'audio' | 'video' | 'image' | 'binary';
      format: string;
      name: string;
      sizeBytes: number;
      note: string;
    }
  | {
      kind: 'document';
      format: 'text' | 'json' | 'xml' | 'pdf' | 'docx' | 'doc';
      name: string;
      sizeBytes: number;
      lines?: number;
      words?: number;
      characters?: number;
      structure?: Record<string, unknown>;
      excerpt?: string;
      note?: string;
    };

export type MeasuredAudio = Extract<FileAnalysis, { analysedSeconds: number }>;

const ext = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();

/** The audio format by content (shared/audio/formats.ts), else the document or media kind. */
export function fileFormat(name: string, contentType: string, head: Uint8Array): string {
  const audio = sniffAudioFormat(head, name);
  if (audio !== 'unknown') return audio;
  const magic = String.fromCharCode(...head.subarray(0, 4));
  if (magic === '%PDF') return 'pdf';
  if (head[0] === 0x50 && head[1] === 0x4b && ext(name) === 'docx') return 'docx';
  const e = ext(name);
  if (['json', 'xml', 'txt', 'doc'].includes(e)) return e === 'txt' ? 'text' : e;
  if (contentType.startsWith('text/')) return 'text';
  if (contentType.includes('json')) return 'json';
  if (contentType.includes('xml')) return 'xml';
  return contentType.split('/')[0] || 'binary';
}

export function isMeasurableAudio(format: string): format is DecodedFormat {
  return isDecodedFormat(format as DecodedFormat);
}

/** Bytes of a document to fetch for its analysis (audio is streamed instead): up to 32 MiB. */
export function bytesNeeded(size: number): number {
  return Math.min(size, 32 * 1024 * 1024);
}

/** Decodes and measures a stored audio file (throws AudioDecodeError for a broken one). */
export async function analyzeStoredAudio(object: {
  bucket: string;
  key: string;
  name: string;
  size: number;
}): Promise<MeasuredAudio> {
  const decoded = await decodeStoredAudio(object.bucket, object.key, object.name);
  const measured = measureAudio(decoded.audio);
  return {
    kind: 'audio',
    format: decoded.format,
    name: object.name,
    sizeBytes: object.size,
    ...measured,
    analysedSeconds: round(Math.min(measured.durationSeconds, MAX_ANALYSIS_SECONDS), 2),
    durationSeconds: round(decoded.durationSeconds, 2),
  };
}

/** A file that is not measurable audio, from its bytes. */
export function analyzeFile(
  name: string,
  contentType: string,
  sizeBytes: number,
  bytes: Uint8Array,
): FileAnalysis {
  const format = fileFormat(name, contentType, bytes);
  switch (format) {
    case 'pdf':
      return pdfInfo(name, sizeBytes, bytes);
    case 'docx':
      return docxInfo(name, sizeBytes, bytes);
    case 'text':
    case 'json':
    case 'xml':
    case 'doc':
      return textInfo(format, name, sizeBytes, bytes);
    case 'audio':
    case 'aac':
    case 'm4a':
    case 'opus':
    case 'aiff':
    case 'wma':
    case 'webm':
    case 'rf64':
      return {
        kind: 'audio',
        format,
        name,
        sizeBytes,
        note: 'Medições de áudio (loudness, BPM, tonalidade) são feitas em WAV, MP3, FLAC ou OGG. Converta o arquivo para um desses formatos para a análise completa.',
      };
    case 'image':
    case 'video':
      return {
        kind: format,
        format: contentType,
        name,
        sizeBytes,
        note: 'Imagens e vídeos são aceitos como anexo; a análise mostra tipo e tamanho.',
      };
    default:
      return { kind: 'binary', format, name, sizeBytes, note: 'Formato sem analisador específico.' };
  }
}

// --- Documents ---------------------------------------------------------------------------------------

function counts(text: string) {
  return {
    lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
    words: (text.match(/\S+/g) ?? []).length,
    characters: [...text].length,
  };
}

function jsonStructure(value: unknown, depth = 1): { depth: number; keys: number } {
  if (value === null || typeof value !== 'object') return { depth: depth - 1, keys: 0 };
  let maxDepth = depth;
  let keys = Array.isArray(value) ? 0 : Object.keys(value).length;
  for (const child of Object.values(value as Record<string, unknown>)) {
    const inner = jsonStructure(child, depth + 1);
    maxDepth = Math.max(maxDepth, inner.depth);
    keys += inner.keys;
  }
  return { depth: maxDepth, keys };
}

function textInfo(
  format: 'text' | 'json' | 'xml' | 'doc',
  name: string,
  sizeBytes: number,
  bytes: Uint8Array,
): FileAnalysis {
  if (format === 'doc') {
    // Legacy Word binary: the text runs are stored as plain or UTF-16 characters; keep the printable ones.
    const text = Buffer.from(bytes)
      .toString('latin1')
      .replace(/[^\x20-\x7e\xc0-\xff\n]+/g, ' ')
      .replace(/\s{2,}/g, ' ');
    return {
      kind: 'document',
      format,
      name,
      sizeBytes,
      words: counts(text).words,
      excerpt: text.slice(0, 300).trim(),
      note: 'DOC legado: contagem aproximada a partir do texto legível.',
    };
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const base = {
    kind: 'document' as const,
    format,
    name,
    sizeBytes,
    ...counts(text),
    excerpt: text.slice(0, 300),
  };
  if (format === 'json') {
    try {
      const value: unknown = JSON.parse(text);
      const shape = jsonStructure(value);
      return {
        ...base,
        structure: {
          valid: true,
          rootType: Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value,
          topLevelKeys:
            value && typeof value === 'object' && !Array.isArray(value)
              ? Object.keys(value).slice(0, 30)
              : [],
          items: Array.isArray(value) ? value.length : undefined,
          totalKeys: shape.keys,
          depth: shape.depth,
        },
      };
    } catch (error) {
      return { ...base, structure: { valid: false, error: (error as Error).message } };
    }
  }
  if (format === 'xml') {
    const tags = [...text.matchAll(/<([A-Za-z_][\w:.-]*)[\s>/]/g)].map((m) => m[1]!);
    const distinct = new Map<string, number>();
    for (const tag of tags) distinct.set(tag, (distinct.get(tag) ?? 0) + 1);
    return {
      ...base,
      structure: {
        root: tags[0] ?? null,
        elements: tags.length,
        distinctElements: [...distinct.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 20)
          .map(([tag, n]) => ({ tag, count: n })),
      },
    };
  }
  return base;
}

function pdfInfo(name: string, sizeBytes: number, bytes: Uint8Array): FileAnalysis {
  const text = Buffer.from(bytes).toString('latin1');
  const version = /^%PDF-(\d\.\d)/.exec(text)?.[1] ?? null;
  const pages = (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
  const declared = [...text.matchAll(/\/Type\s*\/Pages[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return {
    kind: 'document',
    format: 'pdf',
    name,
    sizeBytes,
    structure: {
      version,
      pages: declared.length ? Math.max(...declared) : pages,
      encrypted: text.includes('/Encrypt'),
    },
    note: 'Páginas contadas pela árvore de páginas do PDF; o texto de PDFs comprimidos não é extraído.',
  };
}

/** Reads word/document.xml out of the zip's central directory (stored or deflated). */
export function docxText(bytes: Uint8Array): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  for (let n = 0; n < entries && at + 46 <= bytes.length; n++) {
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const fileName = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString('utf8');
    if (fileName === 'word/document.xml') {
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = bytes.subarray(start, start + compressed);
      const xml = method === 8 ? inflateRawSync(data) : Buffer.from(data);
      return xml.toString('utf8');
    }
    at += 46 + nameLength + extra + comment;
  }
  return undefined;
}

function docxInfo(name: string, sizeBytes: number, bytes: Uint8Array): FileAnalysis {
  const xml = docxText(bytes);
  if (!xml)
    return { kind: 'document', format: 'docx', name, sizeBytes, note: 'DOCX sem word/document.xml legível.' };
  const paragraphs = [...xml.matchAll(/<w:p[\s>][\s\S]*?<\/w:p>/g)].map((p) =>
    [...p[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
  );
  const text = paragraphs.join('\n');
  return {
    kind: 'document',
    format: 'docx',
    name,
    sizeBytes,
    ...counts(text),
    structure: {
      paragraphs: paragraphs.length,
      nonEmptyParagraphs: paragraphs.filter((p) => p.trim()).length,
    },
    excerpt: text.slice(0, 300),
  };
}

/** A few lines of human-readable summary for the chat (pt-BR; low confidence is said, not hidden). */
export function describeAnalysis(a: FileAnalysis): string {
  if (a.kind === 'audio' && 'analysedSeconds' in a) {
    const tempo =
      a.bpm === null
        ? 'tempo indeterminado'
        : a.tempoClear
          ? `BPM estimado: ${a.bpm}`
          : `tempo incerto (talvez ${a.bpm} BPM)`;
    const key =
      a.key === null
        ? 'tonalidade indeterminada'
        : a.keyClear
          ? `tonalidade: ${a.key}`
          : `tom incerto (talvez ${a.key})`;
    return [
      `Áudio ${a.format.toUpperCase()}: ${a.durationSeconds.toFixed(1)} s, ${a.sampleRate} Hz, ${a.channels === 1 ? 'mono' : `${a.channels} canais`}.`,
      `Pico ${a.peakDbfs} dBFS, RMS ${a.rmsDbfs} dBFS, loudness integrado ${a.integratedLufs} LUFS, crest factor ${a.crestFactorDb} dB.`,
      `${tempo[0]!.toUpperCase()}${tempo.slice(1)}; ${key}.`,
    ].join(' ');
  }
  if (a.kind === 'document') {
    const parts = [`Documento ${a.format.toUpperCase()} (${a.sizeBytes} bytes)`];
    if (a.lines !== undefined) parts.push(`${a.lines} linhas, ${a.words} palavras`);
    if (a.structure) parts.push(`estrutura: ${JSON.stringify(a.structure).slice(0, 300)}`);
    return parts.join('; ') + '.';
  }
  return `${a.name}: ${a.sizeBytes} bytes. ${'note' in a ? a.note : ''}`;
}
