/**
 * Form rules (SPEC §5 "Forms"): required inputs, web URLs, date bounds, and the parts of the
 * datasheet document upload (SPEC §3 "External document").
 */
import { type RuleMessage, ruleMessage } from './ruleMessage.ts';

export const FORM_KEYS = {
  textEmpty: 'validation.forms.textEmpty',
  enterDate: 'validation.forms.enterDate',
  enterNumber: 'validation.forms.enterNumber',
  enterValue: 'validation.forms.enterValue',
  selectPv: 'validation.forms.selectPv',
  selectFile: 'validation.forms.selectFile',
  enterDescription: 'validation.forms.enterDescription',
  enterShortDescription: 'validation.forms.enterShortDescription',
  enterUrl: 'validation.forms.enterUrl',
  onlyWebUrls: 'validation.forms.onlyWebUrls',
  requiredFields: 'validation.forms.requiredFields',
  dateTooFarInPast: 'validation.forms.dateTooFarInPast',
  dateTooFarInFuture: 'validation.forms.dateTooFarInFuture',
} as const;

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/** FO1: text must not be empty. */
export function requireText(value: string | null | undefined, field?: string): RuleMessage | null {
  return isBlank(value) ? ruleMessage(FORM_KEYS.textEmpty, undefined, field) : null;
}

/** FO2: please enter a date (a real point in time). */
export function requireDate(
  value: Date | number | null | undefined,
  field?: string,
): RuleMessage | null {
  const t = value instanceof Date ? value.getTime() : value;
  return typeof t === 'number' && Number.isFinite(t)
    ? null
    : ruleMessage(FORM_KEYS.enterDate, undefined, field);
}

/** FO3: please enter a number. */
export function requireNumber(value: unknown, field?: string): RuleMessage | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value.trim().replace(',', '.'))
        : NaN;
  return Number.isFinite(n) ? null : ruleMessage(FORM_KEYS.enterNumber, undefined, field);
}

/** FO4: please enter a value. */
export function requireValue(value: unknown, field?: string): RuleMessage | null {
  return isBlank(value) ? ruleMessage(FORM_KEYS.enterValue, undefined, field) : null;
}

/** FO5: please select a PV. */
export function requirePv(value: unknown, field = 'pv'): RuleMessage | null {
  return isBlank(value) ? ruleMessage(FORM_KEYS.selectPv, undefined, field) : null;
}

/** FO5: please select a file. */
export function requireFile(value: unknown, field = 'file'): RuleMessage | null {
  return isBlank(value) ? ruleMessage(FORM_KEYS.selectFile, undefined, field) : null;
}

/** FO6: enter a description. */
export function requireDescription(
  value: string | null | undefined,
  field = 'description',
): RuleMessage | null {
  return isBlank(value) ? ruleMessage(FORM_KEYS.enterDescription, undefined, field) : null;
}

/** FO6: enter a short description. */
export function requireShortDescription(
  value: string | null | undefined,
  field = 'shortDescription',
): RuleMessage | null {
  return isBlank(value) ? ruleMessage(FORM_KEYS.enterShortDescription, undefined, field) : null;
}

const WEB_SCHEMES = new Set(['http:', 'https:']);

/** True for an absolute http(s) URL. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return WEB_SCHEMES.has(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** FO7: enter a URL; only web URLs are supported. */
export function checkUrl(value: string | null | undefined, field = 'url'): RuleMessage | null {
  if (isBlank(value)) return ruleMessage(FORM_KEYS.enterUrl, undefined, field);
  return isWebUrl(value!) ? null : ruleMessage(FORM_KEYS.onlyWebUrls, undefined, field);
}

/** FO8: required fields must be filled before update; lists the missing ones. */
export function checkRequiredFields(
  values: Readonly<Record<string, unknown>>,
  required: readonly string[],
): { message: RuleMessage; missing: string[] } | null {
  const missing = required.filter((name) => isBlank(values[name]));
  if (missing.length === 0) return null;
  return { message: ruleMessage(FORM_KEYS.requiredFields), missing };
}

export interface DateBounds {
  /** Earliest accepted epoch ms. */
  earliest: number;
  /** Latest accepted epoch ms. */
  latest: number;
}

const MS_PER_YEAR = 365.25 * 24 * 3600 * 1000;

/** Bounds `yearsBack` before and `yearsAhead` after `now` (defaults: 100 and 10 years). */
export function dateBoundsAround(now: number, yearsBack = 100, yearsAhead = 10): DateBounds {
  return { earliest: now - yearsBack * MS_PER_YEAR, latest: now + yearsAhead * MS_PER_YEAR };
}

/** FO9: date too far in the past or in the future. */
export function checkDateBounds(
  value: number,
  bounds: DateBounds,
  field?: string,
): RuleMessage | null {
  if (value < bounds.earliest) return ruleMessage(FORM_KEYS.dateTooFarInPast, undefined, field);
  if (value > bounds.latest) return ruleMessage(FORM_KEYS.dateTooFarInFuture, undefined, field);
  return null;
}

/** Collects the non-null messages of several checks. */
export function collectMessages(...checks: (RuleMessage | null)[]): RuleMessage[] {
  return checks.filter((m): m is RuleMessage => m !== null);
}

/** SPEC §3 "External document": docType File means a file is attached. */
export const DOC_TYPE_FILE = 'File';

export interface DocumentInput<F> {
  description: string;
  docType: string;
  target?: string | null;
  file?: { file: F; filename: string } | null;
  /** The client's name for this upload, so a cancel can find it (`docUpload`). */
  uploadId?: string;
}

export type FormPart<F> =
  | { name: string; kind: 'text'; value: string }
  | { name: string; kind: 'file'; file: F; filename: string };

/**
 * FO10: the multipart parts of POST /api/maintenance/datasheets/docs, as a description the
 * api layer turns into FormData: the file only when docType is File and one is present, the
 * target only when present.
 */
export function documentFormParts<F>(input: DocumentInput<F>): FormPart<F>[] {
  const parts: FormPart<F>[] = [
    { name: 'description', kind: 'text', value: input.description },
    { name: 'docType', kind: 'text', value: input.docType },
  ];
  const target = input.target?.trim();
  if (target) parts.push({ name: 'target', kind: 'text', value: target });
  if (input.uploadId) parts.push({ name: 'uploadId', kind: 'text', value: input.uploadId });
  if (input.docType === DOC_TYPE_FILE && input.file) {
    parts.push({
      name: 'file',
      kind: 'file',
      file: input.file.file,
      filename: input.file.filename,
    });
  }
  return parts;
}

/**
 * FO11: the document form's messages. A file needs its description and the file; a link
 * needs a short description (the text it is shown by) and a web URL as its target.
 */
export function validateDocumentInput<F>(input: DocumentInput<F>): RuleMessage[] {
  const file = input.docType === DOC_TYPE_FILE;
  return collectMessages(
    file
      ? requireDescription(input.description)
      : requireShortDescription(input.description, 'description'),
    file ? requireFile(input.file ?? null) : checkUrl(input.target, 'target'),
  );
}
