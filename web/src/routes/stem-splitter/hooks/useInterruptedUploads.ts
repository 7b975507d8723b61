import { useCallback, useState } from 'react';

/**
 * Uploads a reload interrupted: the multipart uploader keeps one localStorage record per file
 * (`5d.upload:<purpose>:<name>:<size>:<lastModified>` → uploadId). A page cannot get the File back after
 * a reload, so the splitter lists these and asks for the same file again; the uploader then sends only
 * the parts the server has not confirmed.
 */

export interface InterruptedUpload {
  storageKey: string;
  uploadId: string;
  name: string;
  size: number;
}

const PREFIX = '5d.upload:stem-split:';

export function parseResumeKey(key: string): Omit<InterruptedUpload, 'uploadId'> | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const parts = key.slice(PREFIX.length).split(':');
  if (parts.length < 3) return undefined;
  const size = Number(parts[parts.length - 2]);
  const name = parts.slice(0, -2).join(':');
  if (!name || !Number.isFinite(size)) return undefined;
  return { storageKey: key, name, size };
}

function read(): InterruptedUpload[] {
  const found: InterruptedUpload[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const parsed = key ? parseResumeKey(key) : undefined;
      const uploadId = key ? localStorage.getItem(key) : null;
      if (parsed && uploadId) found.push({ ...parsed, uploadId });
    }
  } catch {
    // storage unavailable: nothing to resume
  }
  return found;
}

export function useInterruptedUploads() {
  const [uploads, setUploads] = useState<InterruptedUpload[]>(read);
  const refresh = useCallback(() => setUploads(read()), []);
  const forget = useCallback((upload: InterruptedUpload) => {
    try {
      localStorage.removeItem(upload.storageKey);
    } catch {
      // nothing stored
    }
    setUploads(read());
  }, []);
  return { uploads, refresh, forget };
}
