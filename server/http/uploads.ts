// What an upload looks like to the routes. It lives apart from app.ts (which registers the
// multipart parser with these limits) so that routes never import the file that imports them.

/** An uploaded file as route handlers see it (multipart fields are attached to the body). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** The largest request body and the largest single uploaded file. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
