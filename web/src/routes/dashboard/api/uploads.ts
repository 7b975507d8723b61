import type { UploadPurpose } from '../../../../../shared/uploads';
import { apiRequest } from '../../../api/client';
import {
  uploadFile,
  type UploadApi,
  type UploadProgress,
  type UploadSource,
} from '../../../lib/multipart-uploader';

/** The multipart uploader talking to our API with the signed-in user's token (ApiError carries `status`). */
const uploadApi: UploadApi = {
  post: <T>(path: string, body: unknown, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'POST', body, signal }),
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  delete: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { method: 'DELETE', signal }),
};

/** Uploads one file for a purpose and answers its object key. */
export async function uploadForKey(
  file: UploadSource,
  purpose: UploadPurpose,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const result = await uploadFile(file, { purpose, api: uploadApi, onProgress, signal });
  return result.key;
}
