import { inflateRawSync } from 'node:zlib';
import { decodeWav, readWavInfo, WavFormatError } from '../../../shared/audio/wav';
import { measureAudio, type AudioMeasurements } from './audio';
import { round } from './dsp';

/**
 * What ai-file-analysis computes per kind of file. Audio: WAV is decoded and measured; MP3 frame
 * headers give duration, sample rate, channels and bitrate (no MP3 decoder here, said in `note`).
 * Documents: size, counts and structure; PDF page count from its page objects; DOCX paragraphs from
 * the zip's word/document.xml.
 */
export type FileAnalysis =
  | ({ kind: 'audio'; format: 'wav'; name: string; sizeBytes: number } & AudioMeasurements)
  | {
      kind: 'audio';
      format: 'mp3';
      name: string;
      sizeBytes: number;
      durationSeconds: number;
      sampleRate: number;
      channels: number;
      bitrateKbps: number;
      frames: number;
      note: string;
    }
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

const ext = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();

export function fileFormat(name: string, contentType: string, head: Uint8Array): string {
  const magic = String.fromCharCode(...head.subarray(0, 4));
  if (magic === 'RIFF' && String.fromCharCode(...head.subarray(8, 12)) === 'WAVE') return 'wav';
  if (magic === '%PDF') return 'pdf';
  if (magic.startsWith('ID3') || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && ext(name) === 'mp3'))
    return 'mp3';
  if (head[0] === 0x50 && head[1] === 0x4b && ext(name) === 'docx') return 'docx';
  const e = ext(name);
  if (['json', 'xml', 'txt', 'doc', 'flac', 'ogg', 'm4a', 'aac', 'webm'].includes(e))
    return e === 'txt' ? 'text' : e;
  if (contentType.startsWith('text/')) return 'text';
  if (contentType.includes('json')) return 'json';
  if (contentType.includes('xml')) return 'xml';
  return contentType.split('/')[0] || 'binary';
}

/** Bytes of the object to fetch for an analysis: WAV up to the analysed length, documents up to 32 MiB. */
export function bytesNeeded(format: string, size: number, head: Uint8Array): number {
  if (format === 'wav') {
    try {
      const info = readWavInfo(head);
      return Math.min(size, info.dataOffset + 180 * info.sampleRate * info.blockAlign);
    } catch {
      return Math.min(size, head.length);
    }
  }
  if (format === 'mp3') return Math.min(size, 64 * 1024 * 1024);
  return Math.min(size, 32 * 1024 * 1024);
}

export function analyzeFile(
  name: string,
  contentType: string,
  sizeBytes: number,
  bytes: Uint8Array,
): FileAnalysis {
  const format = fileFormat(name, contentType, bytes);
  switch (format) {
    case 'wav': {
      let info;
      try {
        info = readWavInfo(bytes);
      } catch (error) {
        if (error instanceof WavFormatError)
          return { kind: 'audio', format, name, sizeBytes, note: `WAV ilegível: ${error.message}` };
        throw error;
      }
      const measured = measureAudio(decodeWav(bytes));
      const totalFrames = Math.floor((sizeBytes - info.dataOffset) / info.blockAlign);
      return {
        kind: 'audio',
        format,
        name,
        sizeBytes,
        ...measured,
        durationSeconds: round(totalFrames / info.sampleRate, 2),
      };
    }
    case 'mp3':
      return mp3Info(name, sizeBytes, bytes);
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
    case 'flac':
    case 'ogg':
    case 'm4a':
    case 'aac':
    case 'webm':
      return {
        kind: 'audio',
        format,
        name,
        sizeBytes,
        note: 'Medições de áudio (loudness, BPM, tonalidade) são feitas em WAV; MP3 tem duração e formato. Converta para WAV para a análise completa.',
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

// --- MP3 ---------------------------------------------------------------------------------------------

const MP3_BITRATES: Record<string, number[]> = {
  V1L3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  V2L3: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

export function mp3Info(name: string, sizeBytes: number, bytes: Uint8Array): FileAnalysis {
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    // ID3v2: 10-byte header + syncsafe size.
    at = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  }
  let frames = 0,
    seconds = 0,
    sampleRate = 0,
    channels = 0,
    bitSum = 0;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) {
      at++;
      continue;
    }
    const version = (bytes[at + 1]! >> 3) & 3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
    const layer = (bytes[at + 1]! >> 1) & 3; // 1 = Layer III
    const bitrateIndex = bytes[at + 2]! >> 4;
    const rateIndex = (bytes[at + 2]! >> 2) & 3;
    const padding = (bytes[at + 2]! >> 1) & 1;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      at++;
      continue;
    }
    const kbps = MP3_BITRATES[version === 3 ? 'V1L3' : 'V2L3']![bitrateIndex]!;
    const rate = MP3_RATES[version]![rateIndex]!;
    const samples = version === 3 ? 1152 : 576;
    const length = Math.floor(((samples / 8) * kbps * 1000) / rate) + padding;
    if (length < 4) break;
    frames++;
    seconds += samples / rate;
    sampleRate = rate;
    channels = bytes[at + 3]! >> 6 === 3 ? 1 : 2;
    bitSum += kbps;
    at += length;
  }
  // Only part of a long file may have been read: scale by the share of bytes walked.
  const share = bytes.length > 0 ? Math.min(1, at / bytes.length) * (bytes.length / sizeBytes) : 1;
  return {
    kind: 'audio',
    format: 'mp3',
    name,
    sizeBytes,
    durationSeconds: round(share > 0 ? seconds / share : seconds, 2),
    sampleRate,
    channels,
    bitrateKbps: frames ? Math.round(bitSum / frames) : 0,
    frames,
    note: 'MP3: duração, taxa de amostragem, canais e bitrate lidos dos cabeçalhos dos frames. Loudness, BPM e tonalidade são medidos em WAV.',
  };
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

/** A few lines of human-readable summary for the chat. */
export function describeAnalysis(a: FileAnalysis): string {
  if (a.kind === 'audio' && a.format === 'wav' && 'peakDbfs' in a) {
    return [
      `Áudio WAV: ${a.durationSeconds.toFixed(1)} s, ${a.sampleRate} Hz, ${a.channels === 1 ? 'mono' : `${a.channels} canais`}.`,
      `Pico ${a.peakDbfs} dBFS, RMS ${a.rmsDbfs} dBFS, loudness integrado ${a.integratedLufs} LUFS, crest factor ${a.crestFactorDb} dB.`,
      `BPM estimado: ${a.bpm ?? 'indeterminado'}; tonalidade estimada: ${a.key ?? 'indeterminada'}.`,
    ].join(' ');
  }
  if (a.kind === 'audio' && a.format === 'mp3' && 'bitrateKbps' in a) {
    return `Áudio MP3: ${a.durationSeconds.toFixed(1)} s, ${a.sampleRate} Hz, ${a.channels === 1 ? 'mono' : 'estéreo'}, ${a.bitrateKbps} kbps. ${a.note}`;
  }
  if (a.kind === 'document') {
    const parts = [`Documento ${a.format.toUpperCase()} (${a.sizeBytes} bytes)`];
    if (a.lines !== undefined) parts.push(`${a.lines} linhas, ${a.words} palavras`);
    if (a.structure) parts.push(`estrutura: ${JSON.stringify(a.structure).slice(0, 300)}`);
    return parts.join('; ') + '.';
  }
  return `${a.name}: ${a.sizeBytes} bytes. ${'note' in a ? a.note : ''}`;
}
