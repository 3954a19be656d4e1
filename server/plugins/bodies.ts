// How request bodies are read: URL-encoded and multipart forms besides JSON. The widget, the
// dashboard's editors and the knowledge pages post multipart forms; their fields and files land
// on request.body as plain values, so each route's zod contract validates a form like JSON.
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '../http/uploads.js';

export default fp(async (app) => {
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 200 },
    async onFile(part) {
      const file: UploadedFile = {
        filename: part.filename,
        mimetype: part.mimetype,
        data: await part.toBuffer(),
      };
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });
});
