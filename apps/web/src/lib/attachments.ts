import type { AttachmentWithUrl } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from './api.ts';

/** Each piece is read on its own; a multiple of 3 bytes, so the pieces' base64 joins without padding. */
export const BASE64_CHUNK_BYTES = 3 * 1024 * 1024;

const readAsBase64 = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });

/**
 * The upload's JSON body, `{file: base64, fileName}`, as a Blob: the browser encodes the file piece by piece
 * (FileReader, off the main thread's critical path), and no 140 MB string is ever built in JavaScript.
 */
export const uploadBody = async (file: Blob, fileName: string, signal?: AbortSignal): Promise<Blob> => {
  const parts: BlobPart[] = ['{"file":"'];
  for (let start = 0; start < file.size; start += BASE64_CHUNK_BYTES) {
    signal?.throwIfAborted();
    parts.push(new Blob([await readAsBase64(file.slice(start, start + BASE64_CHUNK_BYTES))]));
  }
  parts.push(`","fileName":${JSON.stringify(fileName)}}`);
  return new Blob(parts, { type: 'application/json' });
};

/** Spec §7 attachments of a help desk (`support`: the built-in one). */
export const attachmentsApi = {
  upload: async (helpdesk: string, file: File, signal?: AbortSignal) =>
    apiRequest<AttachmentWithUrl>(
      'POST',
      apiPaths.uploadAttachment(helpdesk),
      await uploadBody(file, file.name, signal),
      { signal },
    ),
  remove: (helpdesk: string, id: string) =>
    apiRequest<unknown>('DELETE', apiPaths.deleteAttachment(helpdesk, id)),
  /** The attachment's record with a fresh signed URL. */
  get: (id: string) => apiRequest<AttachmentWithUrl>('GET', apiPaths.attachment(id)),
};

/** Seconds of validity a signed URL must have left to be used as it is. */
const URL_MARGIN_MS = 30_000;

/** Whether a signed URL (`…?expires=<unix seconds>&…`) still has time left. */
export const isSignedUrlFresh = (signedUrl: string, now = Date.now()) => {
  const expires = Number(new URL(signedUrl, window.location.origin).searchParams.get('expires'));
  return Number.isFinite(expires) && expires * 1000 - now > URL_MARGIN_MS;
};

/** Downloads a same-origin URL under `fileName` (the signed URL answers with `Content-Disposition`). */
export const downloadUrl = (url: string, fileName: string) => {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
};
