/**
 * SPEC §8 "Operation": the one mapping from a failure to the user's text (src/app/failureText.ts)
 * and the 403 hook of the fetch wrapper that makes the session reload the user's rights; the
 * remote-alarm calls that threw read the same (src/features/shared/remote-alarm/remoteAlarmApi.ts).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { de, ru } from '../i18n/allTexts.ts';
import { HttpError, NetworkError } from '../../../src/api/http.ts';
import { failureKind, failureText } from '../../../src/app/failureText.ts';
import { addTexts, i18n } from '../../../src/app/i18n.ts';
import { planResultDialog } from '../../../src/domain/validation/resultDialogs.ts';
import {
  failedNumbersResult,
  failedPlanResult,
} from '../../../src/features/shared/remote-alarm/remoteAlarmApi.ts';

beforeAll(() => {
  addTexts('de', de);
  addTexts('ru', ru);
});

describe('failure texts (SPEC §8 "Operation")', () => {
  afterEach(() => i18n.changeLanguage('de'));

  it('FT1: a network failure is "Netzwerkfehler", also after crossing the engine port', () => {
    expect(failureText(new NetworkError('Failed to fetch'))).toBe('Netzwerkfehler');
    const crossed = Object.assign(new Error('Failed to fetch'), { name: 'NetworkError' });
    expect(failureKind(crossed)).toBe('network');
  });

  it('FT2: a 403 says access was denied and the rights were updated', () => {
    const e = new HttpError(403, 'forbidden', 'Insufficient rights: editCharts required');
    expect(failureKind(e)).toBe('accessDenied');
    expect(failureText(e)).toBe('Zugriff verweigert – Ihre Benutzerrechte wurden aktualisiert.');
  });

  it('FT3: a server fault is "Vorgang fehlgeschlagen" with the status', () => {
    expect(failureText(new HttpError(500, 'internal', 'Internal server error'))).toBe(
      'Vorgang fehlgeschlagen (HTTP 500)',
    );
    expect(failureText(new HttpError(503, 'http_503', 'Service Unavailable'))).toBe(
      'Vorgang fehlgeschlagen (HTTP 503)',
    );
  });

  it('FT4: a refused request is named in the user language, never by the server text', () => {
    const e = new HttpError(400, 'validation', 'endDate must be after startDate');
    expect(failureKind(e)).toBe('invalid');
    expect(failureText(e)).toBe('Die Anlage hat die Eingabe abgelehnt. Bitte die Angaben prüfen.');
    void i18n.changeLanguage('ru');
    expect(failureText(e)).toBe(ru.results.refusal.invalid);
    expect(failureText(new HttpError(429, 'rate_limited', 'Too many', [], 5))).toBe(
      'Слишком много запросов. Повторите через 5 секунд.',
    );
    expect(failureText(new TypeError('Failed to fetch'))).toBe(ru.results.network.error);
  });

  it('FT5: defects and thrown non-errors are "Unbekannter Fehler", in the user language', () => {
    expect(failureText(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      'Unbekannter Fehler',
    );
    expect(failureText('boom')).toBe('Unbekannter Fehler');
    expect(failureText(new Error('   '))).toBe('Unbekannter Fehler');
    void i18n.changeLanguage('ru');
    expect(failureText(undefined)).toBe('Неизвестная ошибка');
    expect(failureText(new NetworkError('x'))).toBe(ru.results.network.error);
  });
});

describe('remote alarm calls that threw (SPEC §8 "Netzwerkfehler" for plan and number calls)', () => {
  it('FT7: a plan or call-number call that did not reach the server says "Netzwerkfehler"', () => {
    const offline = new NetworkError('Failed to fetch');
    for (const action of ['save', 'acknowledge'] as const) {
      const dialog = planResultDialog(action, failedPlanResult(offline))!;
      expect(dialog.message).toEqual({ key: 'results.network.error' });
      expect(dialog.detail).toBeNull();
    }
    expect(failedNumbersResult(offline, [])).toMatchObject({
      status: 'Failed',
      errorMessage: null,
    });
    // A 403 and a refusal read as every other failure does (app/failureText.ts).
    expect(failedPlanResult(new HttpError(403, 'forbidden', 'writePlans required'))).toEqual({
      status: 'Unauthorized',
      errorMessage: 'Zugriff verweigert – Ihre Benutzerrechte wurden aktualisiert.',
      unauthorizedPlans: [],
    });
    expect(failedPlanResult(new HttpError(400, 'validation', 'unknown plan')).errorMessage).toBe(
      de.results.refusal.invalid,
    );
  });
});

describe('403 hook of the fetch wrapper', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('FT6: every 403 tells the listeners once, other answers do not; unsubscribe stops it', async () => {
    vi.resetModules();
    const http = await import('../../../src/api/http.ts');
    const heard = vi.fn();
    const off = http.onForbidden(heard);
    const answer = (status: number) =>
      new Response(JSON.stringify({ error: { code: 'x', message: 'no' } }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    fetchMock.mockResolvedValueOnce(answer(403));
    await expect(http.postJson('/api/charts/annotations', {})).rejects.toMatchObject({
      status: 403,
    });
    expect(heard).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(answer(400));
    await expect(http.getJson('/api/x')).rejects.toMatchObject({ status: 400 });
    expect(heard).toHaveBeenCalledTimes(1);
    off();
    fetchMock.mockResolvedValueOnce(answer(403));
    await expect(http.getJson('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
