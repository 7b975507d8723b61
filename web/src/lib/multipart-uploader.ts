import {
  checkUpload,
  partRange,
  type CompleteUploadResponse,
  type CreateUploadResponse,
  type PartsResponse,
  type PartUrl,
  type UploadPurpose,
  type UploadSessionView,
} from '../../../shared/uploads';
import type { ApiErrorParams } from '../../../shared/errors';
import { Throughput } from './throughput';

/**
 * Browser (and Node) uploader for the multipart path (docs/architecture.md: Uploads). Framework-free: the UI
 * wires `onProgress` and an AbortSignal. Parts are `Blob.slice`s handed to fetch, so the file is never
 * read into memory whole; 4–6 parts travel at once, each retried with exponential backoff and jitter;
 * the session id is kept in storage so a reload resumes with only the parts the server has not confirmed.
 */

/** Authenticated JSON calls to our API; they throw an error carrying `status` on a non-2xx answer. */
export interface UploadApi {
  post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T>;
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  delete<T>(path: string, signal?: AbortSignal): Promise<T>;
}

/** The part of the Web Storage API the resume record needs (localStorage in the browser). */
export type ResumeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type UploadSource = Blob & { readonly name: string; readonly lastModified?: number };

export interface UploadProgress {
  /** Bytes of parts the server has confirmed. */
  confirmedBytes: number;
  /** Bytes of parts whose PUT finished (confirmed or about to be). */
  uploadedBytes: number;
  totalBytes: number;
  /** uploadedBytes / totalBytes, 0..1, never going backwards. */
  fraction: number;
  partsDone: number;
  partCount: number;
  /** Throughput over the last 20 s of wall time (0 until a part has finished), bytes per second. */
  bytesPerSecond: number;
  /** Estimated seconds until the last byte is sent, at that throughput; null before it is known. */
  secondsLeft: number | null;
}

export interface UploadOptions {
  purpose: UploadPurpose;
  api: UploadApi;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Parts in flight, clamped to 4..6. */
  concurrency?: number;
  /** Retries per part after the first attempt. */
  maxRetries?: number;
  /** Defaults to localStorage when there is one; pass `null` to disable resuming. */
  storage?: ResumeStorage | null;
  /** The fetch used for the part PUTs (tests and the bench count or break them). */
  fetch?: typeof fetch;
  /** Backoff base delay in ms (doubles per attempt, capped at 20 s, full jitter). */
  retryBaseMs?: number;
}

export interface UploadResult extends CompleteUploadResponse {
  /** Parts this call sent (fewer than partCount after a resume). */
  partsSent: number;
  resumed: boolean;
}

/** A file refused before any byte is sent (shared/uploads.ts rules); `code`+`params` name the message. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status?: number,
    readonly params: ApiErrorParams = {},
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

const MIN_CONCURRENCY = 4;
const MAX_CONCURRENCY = 6;
const URL_BATCH = 24;
/** Part URLs live 15 minutes; fetch new ones a little before that. */
const URL_MAX_AGE_MS = 12 * 60 * 1000;
const RESUME_PREFIX = '5d.upload:';
const CONFIRM_BATCH = 8;
const CONFIRM_DELAY_MS = 1000;

export function resumeKey(purpose: UploadPurpose, file: UploadSource): string {
  return `${RESUME_PREFIX}${purpose}:${file.name}:${file.size}:${file.lastModified ?? 0}`;
}

function defaultStorage(): ResumeStorage | null {
  // Only in a browser window: Node 24's own localStorage warns when it has no backing file.
  const scope = globalThis as { window?: { localStorage?: ResumeStorage } };
  try {
    return scope.window?.localStorage ?? null;
  } catch {
    return null; // storage blocked (privacy settings): upload without resume
  }
}

function abortError(): DOMException {
  return new DOMException('Upload cancelado.', 'AbortError');
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The PUT body of one part: the Blob slice itself in a browser, which streams it from disk. Node's
 * fetch (undici) sends a Blob body by first copying it into one buffer; a stream with its length is
 * about a quarter faster there, so Node gets the slice's stream.
 */
function partBody(slice: Blob): RequestInit {
  const scope = globalThis as { window?: unknown; process?: { versions?: { node?: string } } };
  if (scope.window === undefined && scope.process?.versions?.node) {
    return {
      body: slice.stream(),
      headers: { 'content-length': String(slice.size) },
      duplex: 'half',
    } as RequestInit;
  }
  return { body: slice };
}

/** PUT failures worth retrying: network errors, timeouts, throttling, server errors, expired URLs. */
class PartFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly expiredUrl = false,
  ) {
    super(message);
  }
}

export async function uploadFile(file: UploadSource, options: UploadOptions): Promise<UploadResult> {
  const { api, purpose } = options;
  const problem = checkUpload(purpose, file.name, file.type, file.size);
  if (problem) throw new UploadError(problem.message, problem.code, problem.status, problem.params);

  const concurrency = Math.min(MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, options.concurrency ?? 5));
  const maxRetries = options.maxRetries ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const put = options.fetch ?? globalThis.fetch.bind(globalThis);
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const recordKey = resumeKey(purpose, file);

  // `stop` halts the part PUTs (the caller's cancel or the first fatal part error); API calls follow only
  // the caller's signal, so confirmations of finished parts still land after a part failed.
  const stop = new AbortController();
  const apiSignal = options.signal ?? new AbortController().signal;
  const onCallerAbort = () => stop.abort(abortError());
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) throw abortError();

  let session: { uploadId: string; partSize: number; partCount: number } | undefined;
  try {
    // 1. Resume a saved session when the server still has it open, else start a new one.
    const confirmed = new Set<number>();
    let resumed = false;
    const savedId = storage?.getItem(recordKey);
    if (savedId) {
      try {
        const view = await api.get<UploadSessionView>(
          `/api/uploads/${encodeURIComponent(savedId)}`,
          apiSignal,
        );
        if (view.status === 'open' && view.size === file.size) {
          session = view;
          resumed = true;
          for (const part of view.parts) confirmed.add(part.partNumber);
        } else {
          storage?.removeItem(recordKey);
        }
      } catch (error) {
        if (apiSignal.aborted) throw abortError();
        if (statusOf(error) !== 404) throw error;
        storage?.removeItem(recordKey);
      }
    }
    if (!session) {
      session = await api.post<CreateUploadResponse>(
        '/api/uploads',
        { purpose, name: file.name, type: file.type, size: file.size },
        apiSignal,
      );
      storage?.setItem(recordKey, session.uploadId);
    }
    const { uploadId, partCount } = session;
    const plan = { partSize: session.partSize, partCount };
    const base = `/api/uploads/${encodeURIComponent(uploadId)}`;

    // 2. Progress bookkeeping.
    const lengthOf = (n: number) => {
      const { start, end } = partRange(n, plan, file.size);
      return end - start;
    };
    let confirmedBytes = [...confirmed].reduce((sum, n) => sum + lengthOf(n), 0);
    let uploadedBytes = confirmedBytes;
    let partsDone = confirmed.size;
    // Speed over the last seconds of wall time, counting only what this call sends (not resumed parts).
    const throughput = new Throughput(Date.now());
    let lastFraction = 0;
    const report = (justSent = 0) => {
      const now = Date.now();
      if (justSent > 0) throughput.add(justSent, now);
      lastFraction = Math.max(lastFraction, file.size === 0 ? 1 : uploadedBytes / file.size);
      options.onProgress?.({
        confirmedBytes,
        uploadedBytes,
        totalBytes: file.size,
        fraction: lastFraction,
        partsDone,
        partCount,
        bytesPerSecond: throughput.rate(now),
        secondsLeft: throughput.secondsLeft(file.size - uploadedBytes, now),
      });
    };
    report();

    // 3. Confirmations are batched: a few parts or a second's worth go in one request (a reload loses at
    // most that much), and whatever finished while one request was in flight goes in the next.
    const pendingConfirm: { partNumber: number; etag: string }[] = [];
    let confirmTimer: ReturnType<typeof setTimeout> | undefined;
    const scheduleConfirmations = () => {
      if (pendingConfirm.length >= CONFIRM_BATCH) {
        clearTimeout(confirmTimer);
        confirmTimer = undefined;
        void flushConfirmations().catch(() => undefined);
      } else {
        confirmTimer ??= setTimeout(() => {
          confirmTimer = undefined;
          void flushConfirmations().catch(() => undefined);
        }, CONFIRM_DELAY_MS);
      }
    };
    let confirming: Promise<void> | undefined;
    const flushConfirmations = (): Promise<void> => {
      if (confirming) return confirming;
      if (pendingConfirm.length === 0) return Promise.resolve();
      confirming = (async () => {
        try {
          while (pendingConfirm.length > 0) {
            const batch = pendingConfirm.splice(0, 100);
            await withRetries(
              () => api.post<PartsResponse>(`${base}/parts`, { confirm: batch }, apiSignal),
              apiSignal,
              (error) => {
                const status = statusOf(error);
                return status === undefined || status >= 500 || status === 429;
              },
            ).catch((error: unknown) => {
              pendingConfirm.unshift(...batch);
              throw error;
            });
            for (const part of batch) {
              confirmed.add(part.partNumber);
              confirmedBytes += lengthOf(part.partNumber);
            }
            report();
          }
        } finally {
          confirming = undefined;
        }
      })();
      return confirming;
    };

    const withRetries = async <T>(
      attempt: () => Promise<T>,
      signal: AbortSignal,
      retryable: (error: unknown) => boolean,
    ): Promise<T> => {
      for (let tries = 0; ; tries++) {
        try {
          return await attempt();
        } catch (error) {
          if (signal.aborted) throw abortError();
          if (tries >= maxRetries || !retryable(error)) throw error;
          const ceiling = Math.min(20_000, retryBaseMs * 2 ** tries);
          await sleep(Math.random() * ceiling, signal);
        }
      }
    };

    // 4. Part URLs, fetched in batches ahead of the workers and renewed when they near expiry.
    const queue = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !confirmed.has(n));
    const urls = new Map<number, { url: string; at: number }>();
    let urlRequest: Promise<void> | undefined;
    const fetchUrls = (first: number): Promise<void> => {
      if (urlRequest) return urlRequest;
      const wanted = [first, ...queue.filter((n) => n !== first)].slice(0, URL_BATCH);
      urlRequest = (async () => {
        try {
          const answer = await withRetries(
            () => api.post<{ urls: PartUrl[] }>(`${base}/parts`, { partNumbers: wanted }, stop.signal),
            stop.signal,
            (error) => {
              const status = statusOf(error);
              return status === undefined || status >= 500 || status === 429;
            },
          );
          const at = Date.now();
          for (const { partNumber, url } of answer.urls) urls.set(partNumber, { url, at });
        } finally {
          urlRequest = undefined;
        }
      })();
      return urlRequest;
    };
    const urlFor = async (partNumber: number): Promise<string> => {
      for (;;) {
        const known = urls.get(partNumber);
        if (known && Date.now() - known.at < URL_MAX_AGE_MS) return known.url;
        urls.delete(partNumber);
        await fetchUrls(partNumber);
      }
    };

    // 5. One part: PUT the slice, read the ETag, queue its confirmation.
    const sendPart = async (partNumber: number): Promise<void> => {
      const { start, end } = partRange(partNumber, plan, file.size);
      const etag = await withRetries(
        async () => {
          const url = await urlFor(partNumber);
          let response: Response;
          try {
            response = await put(url, {
              method: 'PUT',
              ...partBody(file.slice(start, end)),
              signal: stop.signal,
            });
          } catch (error) {
            if (stop.signal.aborted) throw abortError();
            throw new PartFailure(`Falha de rede na parte ${partNumber}: ${String(error)}`, true);
          }
          if (!response.ok) {
            await response.body?.cancel();
            const expired = response.status === 403;
            if (expired) urls.delete(partNumber);
            const retryable =
              expired || response.status === 408 || response.status === 429 || response.status >= 500;
            throw new PartFailure(`Parte ${partNumber}: HTTP ${response.status}`, retryable, expired);
          }
          await response.body?.cancel();
          const tag = response.headers.get('etag');
          if (!tag) throw new PartFailure(`Parte ${partNumber}: o armazenamento não expôs o ETag`, false);
          return tag;
        },
        stop.signal,
        (error) => error instanceof PartFailure && error.retryable,
      );
      uploadedBytes += end - start;
      partsDone++;
      report(end - start);
      pendingConfirm.push({ partNumber, etag });
      scheduleConfirmations();
    };

    // 6. Workers share the queue; the first fatal error stops the others.
    let sent = 0;
    let failure: unknown;
    const worker = async () => {
      while (queue.length > 0 && !stop.signal.aborted) {
        const partNumber = queue.shift()!;
        try {
          await sendPart(partNumber);
          sent++;
        } catch (error) {
          failure ??= error;
          stop.abort(error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, queue.length)) }, worker));
    clearTimeout(confirmTimer);
    if (apiSignal.aborted) throw abortError();
    // Save what did finish, even after a failure, so a resume skips those parts.
    const saved = (async () => {
      while (pendingConfirm.length > 0 || confirming) await (confirming ?? flushConfirmations());
    })();
    if (failure) {
      await saved.catch(() => undefined);
      throw failure;
    }
    await saved;

    // 7. Complete; the server checks the real size and type.
    const result = await api.post<CompleteUploadResponse>(`${base}/complete`, {}, apiSignal);
    storage?.removeItem(recordKey);
    return { ...result, partsSent: sent, resumed };
  } catch (error) {
    if (options.signal?.aborted) {
      // Cancel: the server aborts the multipart upload; nothing is left to resume.
      if (session)
        await api.delete(`/api/uploads/${encodeURIComponent(session.uploadId)}`).catch(() => undefined);
      storage?.removeItem(recordKey);
      throw abortError();
    }
    // Other failures keep the resume record, so a retry (or a reload) continues where this stopped.
    if (statusOf(error) === 400 || statusOf(error) === 409) storage?.removeItem(recordKey);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}
