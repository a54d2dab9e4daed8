/**
 * Every failure a user reads is in the user's language (src/api/failures.ts): a server's own
 * message (English on the reference server) and the browser's words ("Failed to fetch") never
 * reach the screen. FL1 maps failures, FL2 checks the texts in every language, FL3 walks the
 * client's call sites: every request goes through the wrappers that raise HttpError or
 * NetworkError, and no view shows a caught error's message itself.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../../src/api/http.ts';
import { FAILURE_KEYS, failureMessage } from '../../../src/api/failures.ts';
import { flatten, neededPluralForms } from '../i18n/localeKeys.ts';
import { de, en, cs, ru } from '../i18n/allTexts.ts';
import { ROOT } from '../i18n/sourceKeys.ts';

const keyOf = (e: unknown) => {
  const m = failureMessage(e);
  return m.kind === 'shown' ? m.text : m.key;
};

describe('FL1: failures as texts in the user language', () => {
  it("FL1: the browser's words for an unreachable server are a network failure", () => {
    expect(keyOf(new NetworkError('Failed to fetch'))).toBe(FAILURE_KEYS.network);
    expect(keyOf(new TypeError('Failed to fetch'))).toBe(FAILURE_KEYS.network);
    expect(keyOf(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      FAILURE_KEYS.network,
    );
    expect(keyOf(new TypeError('Load failed'))).toBe(FAILURE_KEYS.network);
    const crossed = Object.assign(new Error('Failed to fetch'), { name: 'NetworkError' });
    expect(keyOf(crossed)).toBe(FAILURE_KEYS.network);
  });

  it('FL1: a server refusal is named by its status, never by the server text', () => {
    const refusal = (status: number, code = 'x') =>
      failureMessage(new HttpError(status, code, 'the previous password is wrong'));
    expect(refusal(400, 'validation')).toMatchObject({ key: FAILURE_KEYS.invalid });
    expect(refusal(401)).toMatchObject({ key: FAILURE_KEYS.sessionEnded });
    expect(refusal(403, 'forbidden')).toMatchObject({ key: FAILURE_KEYS.accessDenied });
    expect(refusal(403, 'csrf')).toMatchObject({ key: FAILURE_KEYS.rejectedRequest });
    expect(refusal(404)).toMatchObject({ key: FAILURE_KEYS.notFound });
    expect(refusal(409)).toMatchObject({ key: FAILURE_KEYS.conflict });
    expect(refusal(413)).toMatchObject({ key: FAILURE_KEYS.tooLarge });
    expect(refusal(418)).toMatchObject({ key: FAILURE_KEYS.refused });
    expect(refusal(504)).toMatchObject({ key: FAILURE_KEYS.timeout });
    expect(refusal(500)).toMatchObject({
      key: FAILURE_KEYS.operationFailed,
      params: { status: 500 },
    });
    for (const status of [400, 401, 403, 404, 409, 413, 418, 429, 500, 503])
      expect(JSON.stringify(refusal(status))).not.toContain('password');
    const crossed = Object.assign(new Error('Invalid date: x'), { name: 'HttpError' });
    expect(keyOf(crossed)).toBe(FAILURE_KEYS.refused);
  });

  it('FL1: 429 says when to try again (Retry-After), or to try again soon', () => {
    expect(failureMessage(new HttpError(429, 'rate_limited', 'Too many', [], 7))).toEqual({
      kind: 'tooManyRequests',
      key: FAILURE_KEYS.tooManyRequests,
      params: { count: 7 },
    });
    expect(keyOf(new HttpError(429, 'rate_limited', 'Too many'))).toBe(
      FAILURE_KEYS.tooManyRequestsSoon,
    );
  });

  it('FL1: a timeout, a defect and a thrown non-error have their own texts', () => {
    expect(keyOf(new DOMException('signal timed out', 'TimeoutError'))).toBe(FAILURE_KEYS.timeout);
    expect(keyOf(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      FAILURE_KEYS.unknown,
    );
    expect(keyOf('boom')).toBe(FAILURE_KEYS.unknown);
    // A plain Error is the client's own text for a call (already in the user's language).
    expect(keyOf(new Error('Fehler beim Laden'))).toBe('Fehler beim Laden');
  });
});

describe('FL2: every failure text exists in every language', () => {
  for (const [lang, tree] of Object.entries({ de, en, cs, ru })) {
    it(`FL2: ${lang}`, () => {
      const texts = flatten(tree);
      for (const key of Object.values(FAILURE_KEYS)) {
        if (key === FAILURE_KEYS.tooManyRequests)
          for (const form of neededPluralForms(lang))
            expect(texts[`${key}_${form}`], `${key}_${form}`).toMatch(/\{\{count\}\}/);
        else expect(texts[key], key).toBeTruthy();
      }
    });
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const SOURCES = sourceFiles(join(ROOT, 'src')).map((path) => ({
  file: relative(ROOT, path).replace(/\\/g, '/'),
  code: readFileSync(path, 'utf8'),
}));

/**
 * The modules that call fetch or XMLHttpRequest themselves, and how their failures reach the
 * mapping: `raises` — as HttpError / NetworkError; `silent` — a failure shows nothing (SPEC §7
 * webcam calls count only HTTP 200).
 */
const REQUEST_SITES: Record<string, 'raises' | 'silent'> = {
  'src/api/http.ts': 'raises',
  'src/features/dashboard/dashboardApi.ts': 'silent',
  'src/features/maintenance/maintenanceApi.ts': 'raises',
};

/**
 * Views that show a caught error's own message, and why that is no server's or browser's
 * network text: errors of the device (camera, QR decoder, native app) and of the address typed.
 */
const OWN_MESSAGE_SITES = new Set([
  'src/features/qr/QrCodeSvg.tsx',
  'src/features/qr/useQrActions.tsx',
  'src/features/qr/QrScanDialog.tsx',
  'src/app/UserMenuBody.tsx',
  'src/features/charts/TrendPage.tsx',
]);

describe('FL3: every call site goes through the mapping', () => {
  it('FL3: only the wrappers send requests, and each raises HttpError / NetworkError', () => {
    const senders = SOURCES.filter(({ code }) => /\bfetch\(|new XMLHttpRequest\(/.test(code)).map(
      (s) => s.file,
    );
    expect(senders.sort()).toEqual(Object.keys(REQUEST_SITES).sort());
    for (const [file, how] of Object.entries(REQUEST_SITES)) {
      const code = SOURCES.find((s) => s.file === file)!.code;
      if (how === 'raises') {
        expect(code, file).toMatch(/new NetworkError\(/);
        expect(code, file).toMatch(/new HttpError\(|errorOf\(/);
      }
    }
    // The silent module's weather call raises the answer's HttpError; the rest return null.
    const dashboard = SOURCES.find((s) => s.file === 'src/features/dashboard/dashboardApi.ts')!;
    expect(dashboard.code).toMatch(/throw await errorOf\(res\)/);
  });

  it("FL3: no view shows a caught error's message or a server result's text itself", () => {
    const own = /instanceof Error \? \w+\.message|\(\w+ as Error\)\.message|answer\.message/;
    const showing = SOURCES.filter(
      ({ file, code }) =>
        !file.startsWith('src/api/') &&
        !file.startsWith('src/platform/') &&
        own.test(code) &&
        !OWN_MESSAGE_SITES.has(file),
    ).map((s) => s.file);
    expect(showing).toEqual([]);
  });

  it('FL3: the views name failures through failureText, which renders the one mapping', () => {
    const users = SOURCES.filter(({ code }) => /\bfailureText\(/.test(code));
    expect(users.length).toBeGreaterThan(20);
    const renderer = SOURCES.find((s) => s.file === 'src/app/failureText.ts')!.code;
    expect(renderer).toMatch(/failureMessage\(error\)/);
  });
});
