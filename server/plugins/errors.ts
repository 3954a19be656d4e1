import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyRequest {
    reachedHandler: boolean;
  }
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/** Turns one validation issue into the product's wording: "{field} is required" and the like. */
function describeIssue(issue: { instancePath: string; keyword: string; message?: string }) {
  const key = issue.instancePath.split('/').filter(Boolean)[0] ?? '';
  const missing = issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '');
  if (missing) return { key, message: `${key} is required` };
  if (issue.keyword === 'invalid_type') return { key, message: `${key} is invalid` };
  return { key, message: issue.message ?? `${key} is invalid` };
}

/**
 * Every failure leaves as `{ success: false, message }` with a 4xx status where the client is at
 * fault; nothing internal leaks in a 500.
 */
export default fp(async (app) => {
  // A request's body is read before its handler runs (multipart bodies by @fastify/multipart's
  // preValidation hook): an error before that point, on a multipart request, is the body's fault.
  app.decorateRequest('reachedHandler', false);
  app.addHook('preHandler', (request, _reply, done) => {
    request.reachedHandler = true;
    done();
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { key, message } = describeIssue(error.validation[0]);
      return reply.code(400).send({ success: false, message, key: key || undefined });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // An error that carries a client status of its own (429 from the rate limit, before the body
    // is read) keeps it: only the parser's bare errors are the body's fault.
    if (!request.reachedHandler && isMultipart(request) && status >= 500) {
      // Busboy's own words ("Boundary not found", "Unexpected end of form") say what is wrong.
      const reason = (error as Error).message || 'it is malformed';
      return reply.code(400).send({ success: false, message: `The form data could not be read: ${reason}` });
    }
    if (status >= 500) {
      request.log.error(error);
      return reply.code(500).send({ success: false, message: 'Something went wrong on our side.' });
    }
    return reply.code(status).send({ success: false, message: (error as Error).message });
  });
});
