/**
 * Sends a large JSON answer built in pieces (`AlertArchive.listJson`): the pieces are pulled as
 * the socket takes them, so the event loop serves hubs and other requests between them. The
 * first piece is built before the answer starts, so a failure there is still a normal error
 * answer; a failure later cuts the answer short (the client then reports an unreadable body).
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export async function sendJsonPieces(
  reply: FastifyReply,
  pieces: AsyncIterable<string>,
): Promise<FastifyReply> {
  const iterator = pieces[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rest(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value;
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(rest()));
}
