/**
 * External documents of a data sheet (SPEC §7 "POST/GET /api/maintenance/datasheets/docs"):
 * multipart upload with size and type limits, listing, opening or downloading with a safe
 * Content-Type and Content-Disposition, deleting, and cancelling an upload wherever it is (MA13).
 * Rules MA6-MA8 and MA13 of SPEC.md beside this file.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DOC_TYPES,
  MAINTENANCE_API,
  MAX_DOCUMENT_BYTES,
  UPLOAD_ID_PATTERN,
  type DatasheetDocument,
  type DatasheetResult,
  type DocType,
} from '../../src/contract/maintenance.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { safeFileName, sniffContentType, type DocumentStore } from './DocumentStore.ts';
import { datasheetOf, pvOf, pvQuery, refOf, requireMaintenanceEdit } from './routes.ts';
import type { MaintenancePlant } from './ServiceIntervals.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const uploadParams = z.strictObject({ uploadId: z.string().regex(UPLOAD_ID_PATTERN) });
/** How long an upload id is remembered, stored or cancelled (MA13). */
export const UPLOAD_MEMORY_MS = 15 * 60_000;
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
  uploadId: z.string().regex(UPLOAD_ID_PATTERN).optional(),
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
  /**
   * MA13: uploads by `user:uploadId`, the document each stored or that it was cancelled, for
   * UPLOAD_MEMORY_MS: a cancel that reaches the server after the upload removes its document,
   * one that comes first refuses it.
   */
  const uploads = new Map<string, { docId: number | null; cancelled: boolean; at: number }>();
  const uploadKey = (user: string, uploadId: string) => `${user}:${uploadId}`;
  const forgetOld = () => {
    const now = ctx.now();
    for (const [key, u] of uploads) if (now - u.at > UPLOAD_MEMORY_MS) uploads.delete(key);
  };

  // NOTE: multipart parsing only in this scope, so no other route accepts multipart bodies.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // The name as sent, so one holding a path is refused rather than cut to its base name.
      preservePath: true,
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
    });

    scope.get(MAINTENANCE_API.docs, async (request): Promise<DatasheetResult<DatasheetDocument>> =>
      datasheetOf(ctx, plant, request, (_config, ref) => docs.list(ref)),
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
          if (err instanceof HttpError) throw err;
          const e = err as { statusCode?: number; code?: string; message?: string };
          if (e.code === 'FST_REQ_FILE_TOO_LARGE')
            throw badRequest(`Invalid document: file larger than ${MAX_DOCUMENT_BYTES} bytes`);
          if (e.statusCode && e.statusCode < 500)
            throw badRequest(`Invalid document: ${e.message}`);
          throw err;
        }
        const f = parse(fields, values, 'document');
        forgetOld();
        const upload = f.uploadId ? uploadKey(user.username, f.uploadId) : null;
        if (upload && uploads.get(upload)?.cancelled)
          throw new HttpError(409, 'upload_cancelled', 'The upload was cancelled');
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
        if (upload) uploads.set(upload, { docId: doc.id, cancelled: false, at: ctx.now() });
        ctx.audit?.({
          category: 'Config',
          user: user.username,
          text: `Dokument „${doc.description}“ zu ${config.name} hinzugefügt`,
          message: {
            key: 'documentAdded',
            params: { description: doc.description, name: config.name },
          },
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

    /** Removes a document and says so in the control events. */
    const removeDocument = (
      doc: DatasheetDocument & { pvRef: PvRef },
      user: { username: string },
    ): void => {
      const config = pvOf(plant, doc.pvRef);
      docs.remove(doc.id);
      ctx.audit?.({
        category: 'Config',
        user: user.username,
        text: `Dokument „${doc.description}“ von ${config.name} gelöscht`,
        message: {
          key: 'documentDeleted',
          params: { description: doc.description, name: config.name },
        },
        control: {
          stationNumber: config.stationNumber,
          stationName: config.stationName,
          pvRef: doc.pvRef,
        },
      });
    };

    // MA13: the user's own upload only; a document it stored goes (edit right checked as for
    // any delete), and the upload is refused should it arrive after this.
    scope.delete(MAINTENANCE_API.docUpload, async (request) => {
      const user = requireUser(ctx, request);
      const { uploadId } = parse(uploadParams, request.params, 'upload id');
      forgetOld();
      const key = uploadKey(user.username, uploadId);
      const known = uploads.get(key);
      uploads.set(key, { docId: null, cancelled: true, at: ctx.now() });
      const doc = known?.docId != null ? docs.get(known.docId) : null;
      if (!doc) return { status: 'Success', message: '', deletedIds: [] };
      requireMaintenanceEdit(ctx, request, pvOf(plant, doc.pvRef));
      removeDocument(doc, user);
      return { status: 'Success', message: '', deletedIds: [doc.id] };
    });

    scope.delete(MAINTENANCE_API.doc, async (request) => {
      requireUser(ctx, request);
      const { id } = parse(idParams, request.params, 'document id');
      const doc = docs.get(id);
      if (!doc) throw notFound(`No document ${id}`);
      const user = requireMaintenanceEdit(ctx, request, pvOf(plant, doc.pvRef));
      removeDocument(doc, user);
      return { status: 'Success', message: '', deletedIds: [id] };
    });
  });
}
