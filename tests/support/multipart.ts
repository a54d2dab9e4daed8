/**
 * Uploads in tests as the browser sends them: a FormData, which fetch and Fastify's inject
 * (light-my-request) both write as multipart/form-data themselves; and the smallest files of
 * each accepted kind.
 */
export interface FormFile {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export function formWith(fields: Record<string, string>, file: FormFile | null = null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      file.name,
      new Blob([new Uint8Array(file.bytes)], { type: file.contentType }),
      file.filename,
    );
  return form;
}

/** The smallest files of each accepted kind. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
