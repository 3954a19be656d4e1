// What an upload looks like to the routes. It lives apart from app.ts (which registers the
// multipart parser with these limits) so that routes never import the file that imports them.
// The shape is the contract's (src/core/api/fields.ts): bytes as a Uint8Array, which the
// multipart parser's Buffers are.
import type { UploadedFile } from '../../src/core/api/fields.js';

export type { UploadedFile };

/** The largest request body and the largest single uploaded file. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The bytes as a Buffer, without a copy (the parser's parts already are one). */
export function bytesOf(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
