/** The one error shape of the server (contract `ApiErrorBody`) and the errors that map to it. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, type ApiErrorBody } from '../../src/contract/errors.ts';

export { HttpError };

export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new HttpError(400, 'validation', message, issues ?? []);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const unauthorized = (message = 'Not signed in') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Insufficient rights') =>
  new HttpError(403, 'forbidden', message);

/** Every failure leaves as `ApiErrorBody`: validation 400, known errors their code, the rest 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).send(err.toBody());
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, bad content type.
      const body: ApiErrorBody = {
        error: { code: err.code ?? 'bad_request', message: err.message },
      };
      return reply.status(status).send(body);
    }
    request.log.error({ err }, 'request failed');
    const body: ApiErrorBody = { error: { code: 'internal', message: 'Internal server error' } };
    return reply.status(500).send(body);
  });
}
