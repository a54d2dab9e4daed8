/**
 * External documents of a data sheet (SPEC §7 "POST/GET /api/maintenance/datasheets/docs"):
 * multipart upload with size and type limits, listing, opening or downloading with a safe
 * Content-Type and Content-Disposition, and deleting. Rules MA6-MA8 of SPEC.md beside this file.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DOC_TYPES,
  MAINTENANCE_API,
  MAX_DOCUMENT_BYTES,
  type DatasheetDocument,
  type DatasheetResult,
  type DocType,
} from '../../src/contract/maintenance.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { safeFileName, sniffContentType, type DocumentStore } from './DocumentStore.ts';
import { canEdit, pvOf, pvQuery, requireMaintenanceEdit } from './routes.ts';
import type { MaintenancePlant } from './ServiceIntervals.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });
const fields = z.strictObject({
  description: z.string().trim().min(1).max(500),
  docType: z.enum(DOC_TYPES),
  target: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/, 'only web URLs are supported')
    .optional(),
});

/** `attachment; filename="…"; filename*=UTF-8''…` with the name reduced to safe ASCII too. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Types a browser may show inline without running anything of the file's author. */
const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

export function registerDocumentRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: MaintenancePlant,
  docs: DocumentStore,
): void {
  const refOf = (q: { pvType: PvRef['type']; pvNr: number }): PvRef => ({
    type: q.pvType,
    nr: q.pvNr,
  });

  // NOTE: multipart parsing only in this scope, so no other route accepts multipart bodies.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // The name as sent, so one holding a path is refused rather than cut to its base name.
      preservePath: true,
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
    });

    scope.get(
      MAINTENANCE_API.docs,
      async (request): Promise<DatasheetResult<DatasheetDocument>> => {
        const user = requireUser(ctx, request);
        const ref = refOf(parse(pvQuery, request.query, 'query'));
        const config = pvOf(plant, ref);
        return {
          status: 'Success',
          message: '',
          entries: docs.list(ref),
          currentUserCanEdit: canEdit(user, config),
        };
      },
    );

    scope.post(
      MAINTENANCE_API.docs,
      async (request): Promise<DatasheetResult<DatasheetDocument>> => {
        requireUser(ctx, request);
        const ref = refOf(parse(pvQuery, request.query, 'query'));
        const config = pvOf(plant, ref);
        const user = requireMaintenanceEdit(ctx, request, config);
        if (!request.isMultipart())
          throw badRequest('Invalid document: multipart/form-data expected');
        const values: Record<string, string> = {};
        let file: { name: string; bytes: Buffer } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file')
                throw badRequest(`Invalid document: unexpected file ${part.fieldname}`);
              const name = safeFileName(part.filename);
              const bytes = await part.toBuffer();
              if (!name) throw badRequest('Invalid document: file name must not hold a path');
              file = { name, bytes };
            } else {
              values[part.fieldname] = String(part.value);
            }
          }
        } catch (err) {
          if (err instanceof ApiError) throw err;
          const e = err as { statusCode?: number; code?: string; message?: string };
          if (e.code === 'FST_REQ_FILE_TOO_LARGE')
            throw badRequest(`Invalid document: file larger than ${MAX_DOCUMENT_BYTES} bytes`);
          if (e.statusCode && e.statusCode < 500)
            throw badRequest(`Invalid document: ${e.message}`);
          throw err;
        }
        const f = parse(fields, values, 'document');
        const docType: DocType = f.docType;
        let stored: { name: string; bytes: Buffer; contentType: string } | null = null;
        if (docType === 'File') {
          if (!file) throw badRequest('Invalid document: file: please select a file');
          if (file.bytes.length === 0)
            throw badRequest('Invalid document: file: the file is empty');
          const contentType = sniffContentType(file.bytes);
          if (!contentType)
            throw badRequest('Invalid document: file: only PDF, JPEG, PNG, WebP or text files');
          stored = { ...file, contentType };
        } else if (!f.target) {
          throw badRequest('Invalid document: target: enter a URL');
        }
        const doc = docs.add(
          ref,
          { description: f.description, docType, target: f.target ?? null, file: stored },
          user.username,
        );
        ctx.audit?.({
          category: 'Config',
          user: user.username,
          text: `Dokument „${doc.description}“ zu ${config.name} hinzugefügt`,
          control: {
            stationNumber: config.stationNumber,
            stationName: config.stationName,
            pvRef: ref,
          },
        });
        return { status: 'Success', message: '', entries: [doc], currentUserCanEdit: true };
      },
    );

    scope.get(MAINTENANCE_API.doc, async (request, reply) => {
      requireUser(ctx, request);
      const { id } = parse(idParams, request.params, 'document id');
      const { download } = parse(downloadQuery, request.query, 'query');
      const doc = docs.get(id);
      const bytes = doc ? docs.read(id) : null;
      if (!doc || !bytes || !doc.contentType || !doc.fileName)
        throw notFound(`No file for document ${id}`);
      const inline = download !== '1' && INLINE_TYPES.has(doc.contentType);
      reply
        .header(
          'Content-Type',
          doc.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : doc.contentType,
        )
        .header(
          'Content-Disposition',
          contentDisposition(inline ? 'inline' : 'attachment', doc.fileName),
        )
        // NOTE: the server's own CSP (securityHeaders.ts) goes with it, as with every answer.
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return reply.send(bytes);
    });

    scope.delete(MAINTENANCE_API.doc, async (request) => {
      requireUser(ctx, request);
      const { id } = parse(idParams, request.params, 'document id');
      const doc = docs.get(id);
      if (!doc) throw notFound(`No document ${id}`);
      const config = pvOf(plant, doc.pvRef);
      const user = requireMaintenanceEdit(ctx, request, config);
      docs.remove(id);
      ctx.audit?.({
        category: 'Config',
        user: user.username,
        text: `Dokument „${doc.description}“ von ${config.name} gelöscht`,
        control: {
          stationNumber: config.stationNumber,
          stationName: config.stationName,
          pvRef: doc.pvRef,
        },
      });
      return { status: 'Success', message: '', deletedIds: [id] };
    });
  });
}
