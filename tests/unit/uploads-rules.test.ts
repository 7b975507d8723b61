import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  CreateUploadRequest,
  MAX_PARTS,
  MAX_PART_BYTES,
  MAX_UPLOAD_BYTES,
  MIN_PART_BYTES,
  MiB,
  partRange,
  PartsRequest,
  planParts,
  resolveContentType,
  sanitizeFileName,
  sniffKind,
} from '../../shared/uploads';

describe('part planning', () => {
  it('sends a small file as one part', () => {
    expect(planParts(1)).toEqual({ partSize: MIN_PART_BYTES, partCount: 1 });
    expect(planParts(8 * MiB)).toEqual({ partSize: 8 * MiB, partCount: 1 });
  });

  it('splits 40 MiB into five 8 MiB parts', () => {
    expect(planParts(40 * MiB)).toEqual({ partSize: 8 * MiB, partCount: 5 });
  });

  it('sends 1 GiB as 128 parts of 8 MiB, and would only grow parts (to 16 MiB) beyond that', () => {
    expect(planParts(MAX_UPLOAD_BYTES)).toEqual({ partSize: 8 * MiB, partCount: 128 });
    expect(planParts(2 * MAX_UPLOAD_BYTES)).toEqual({ partSize: 16 * MiB, partCount: 128 });
    expect(planParts(4 * MAX_UPLOAD_BYTES).partSize).toBe(MAX_PART_BYTES);
  });

  it('keeps every size within 8–16 MiB parts, ≤ 10,000 parts, covering the whole file', () => {
    for (const size of [1, 8 * MiB + 1, 123_456_789, 700 * MiB + 3, MAX_UPLOAD_BYTES - 1, MAX_UPLOAD_BYTES]) {
      const plan = planParts(size);
      expect(plan.partSize).toBeGreaterThanOrEqual(MIN_PART_BYTES);
      expect(plan.partSize).toBeLessThanOrEqual(MAX_PART_BYTES);
      expect(plan.partSize % MiB).toBe(0);
      expect(plan.partCount).toBeLessThanOrEqual(MAX_PARTS);
      expect((plan.partCount - 1) * plan.partSize).toBeLessThan(size);
      expect(plan.partCount * plan.partSize).toBeGreaterThanOrEqual(size);
    }
  });

  it('gives the last part only the bytes that remain', () => {
    const size = 20 * MiB + 5;
    const plan = planParts(size);
    expect(partRange(1, plan, size)).toEqual({ start: 0, end: 8 * MiB });
    expect(partRange(3, plan, size)).toEqual({ start: 16 * MiB, end: size });
  });
});

describe('file names', () => {
  it('turns everything but letters, digits, dot and hyphen into underscores', () => {
    expect(sanitizeFileName('Minha música (final) v2.wav')).toBe('Minha_m_sica__final__v2.wav');
    expect(sanitizeFileName('beat-01.mp3')).toBe('beat-01.mp3');
  });

  it('drops directories and never yields a dot-only or hidden name', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\track.flac')).toBe('track.flac');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('.env')).toBe('_env');
  });

  it('shortens very long names but keeps the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(300)}.wav`);
    expect(name.length).toBe(120);
    expect(name.endsWith('.wav')).toBe(true);
  });
});

describe('accepted types', () => {
  it('accepts only audio for the stem splitter, with the spec message otherwise', () => {
    expect(checkUpload('stem-split', 'a.wav', 'audio/wav', 10)).toBeUndefined();
    expect(checkUpload('stem-split', 'a.pdf', 'application/pdf', 10)).toMatchObject({
      status: 400,
      message: 'Arquivo inválido — Por favor, selecione um arquivo de áudio válido',
    });
    expect(checkUpload('product-audio', 'a.png', 'image/png', 10)?.status).toBe(400);
  });

  it('judges a type-less file by its extension (browsers often give FLAC no type)', () => {
    expect(resolveContentType('stem-split', 'song.flac', '')).toBe('audio/flac');
    expect(resolveContentType('stem-split', 'song.exe', 'application/octet-stream')).toBeUndefined();
  });

  it('accepts images only for covers', () => {
    expect(resolveContentType('product-cover', 'c.jpg', 'image/jpeg')).toBe('image/jpeg');
    expect(resolveContentType('product-cover', 'c.wav', 'audio/wav')).toBeUndefined();
  });

  it('accepts the spec chat-attachment types and nothing else', () => {
    for (const [name, type] of [
      ['a.mp3', 'audio/mpeg'],
      ['a.mp4', 'video/mp4'],
      ['a.png', 'image/png'],
      ['a.pdf', 'application/pdf'],
      ['a.txt', 'text/plain'],
      ['a.json', 'application/json'],
      ['a.xml', 'text/xml'],
      ['a.doc', 'application/msword'],
      ['a.docx', ''],
    ] as const) {
      expect(resolveContentType('chat-attachment', name, type), name).toBeDefined();
    }
    expect(resolveContentType('chat-attachment', 'a.zip', 'application/zip')).toBeUndefined();
    expect(resolveContentType('chat-attachment', 'a.exe', '')).toBeUndefined();
  });

  it('refuses malformed content types even for deliveries', () => {
    expect(resolveContentType('delivery', 'a.zip', 'application/zip')).toBe('application/zip');
    expect(resolveContentType('delivery', 'a.zip', 'text/html\r\nx: y')).toBeUndefined();
  });
});

describe('size limit', () => {
  it('allows exactly 1 GiB and refuses one byte more with the spec messages', () => {
    expect(checkUpload('stem-split', 'a.wav', 'audio/wav', MAX_UPLOAD_BYTES)).toBeUndefined();
    expect(checkUpload('stem-split', 'a.wav', 'audio/wav', MAX_UPLOAD_BYTES + 1)).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      params: { context: 'stem' },
      message: 'Arquivo muito grande — Limite de 1GB',
    });
    expect(checkUpload('chat-attachment', 'a.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1)?.message).toBe(
      'Arquivo muito grande — Tamanho máximo permitido: 1GB',
    );
  });

  it('refuses an empty file', () => {
    expect(checkUpload('stem-split', 'a.wav', 'audio/wav', 0)?.code).toBe('EMPTY_FILE');
  });
});

describe('request schemas', () => {
  it('refuses more than 100 part URLs per call and empty part requests', () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(PartsRequest.safeParse({ partNumbers: many }).success).toBe(false);
    expect(PartsRequest.safeParse({}).success).toBe(false);
    expect(PartsRequest.safeParse({ partNumbers: [0] }).success).toBe(false);
    expect(PartsRequest.safeParse({ confirm: [{ partNumber: 1, etag: '"x"' }] }).success).toBe(true);
  });

  it('refuses an unknown purpose or a fractional size', () => {
    expect(CreateUploadRequest.safeParse({ purpose: 'x', name: 'a', type: '', size: 1 }).success).toBe(false);
    expect(
      CreateUploadRequest.safeParse({ purpose: 'delivery', name: 'a', type: '', size: 1.5 }).success,
    ).toBe(false);
  });
});

describe('sniffing the real type', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it('recognises common audio containers', () => {
    expect(sniffKind(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe('audio');
    expect(sniffKind(bytes('fLaC'))).toBe('audio');
    expect(sniffKind(bytes('ID3', [4, 0]))).toBe('audio');
    expect(sniffKind(bytes([0xff, 0xfb, 0x90, 0x00]))).toBe('audio');
    expect(sniffKind(bytes('OggS'))).toBe('audio');
    expect(sniffKind(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('audio');
  });

  it('tells images and other files apart', () => {
    expect(sniffKind(bytes([0x89], 'PNG'))).toBe('image');
    expect(sniffKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image');
    expect(sniffKind(bytes('%PDF-1.7'))).toBe('unknown');
  });
});
