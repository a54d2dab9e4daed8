/**
 * Texts the server writes into the event archives follow the reader's language: the events
 * carry a text key and parameters, the seeded history the same keys, and rows of before keep
 * their text — rules ET1..ET3.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../../../server/alerts/historySeed.ts';
import { DEFAULT_FINDINGS } from '../../../server/plant/incidents.ts';
import { addTexts, i18n } from '../../../src/app/i18n.ts';
import { eventText } from '../../../src/features/alerts/eventText.ts';
import { cs, de, en, ru } from '../i18n/allTexts.ts';
import { makePlant, START } from '../plant/plantFixtures.ts';
import { archivesPerTest } from './archives.ts';

const archive = archivesPerTest('pegel-eventtexts-');

describe("event texts in the reader's language", () => {
  beforeAll(() => {
    addTexts('de', de);
    addTexts('en', en);
    addTexts('cs', cs);
    addTexts('ru', ru);
  });
  afterEach(() => i18n.changeLanguage('de'));

  it('ET1: the seeded history carries the keys the live server writes: sign-ins, acknowledgements, the findings', () => {
    const { alerts, events } = archive();
    seedHistory({
      plant: makePlant(),
      alerts,
      events,
      nowMs: START,
      days: 7,
      seed: 1,
      findings: DEFAULT_FINDINGS,
    });
    const system = events.systemEvents(START - 8 * 86_400_000, START, 10_000).events;
    const control = events.controlEvents(START - 8 * 86_400_000, START, 10_000).events;
    const logins = system.filter((e) => e.category === 'Login');
    expect(logins.length).toBeGreaterThan(10);
    expect(logins.every((e) => e.message?.key === 'signIn' && e.text === 'Anmeldung')).toBe(true);
    expect(control.length).toBeGreaterThan(100);
    // Filed as the live server files an acknowledgement.
    const acks = system.filter((e) => e.message?.key === 'alertAcknowledged');
    expect(acks.length).toBe(control.length);
    expect(acks.every((e) => e.category === 'System')).toBe(true);
    for (const e of control) {
      expect(e.message?.key).toBe('alertAcknowledged');
      expect(e.text).toBe(`Quittiert: ${e.message!.params.text}`);
    }
    expect(system.some((e) => /signed in|Acknowledged/.test(e.text))).toBe(false);
    const mains = system.find((e) => e.message?.key === 'mainsFailure')!;
    expect(mains.message!.params.station).toBe('Wasserwerk Talaue');
    expect(system.some((e) => e.message?.key === 'pumpOutOfService')).toBe(true);

    // Read in English, Czech and Russian, none of them is German any more.
    void i18n.changeLanguage('en');
    expect(eventText(i18n.t, logins[0]!)).toBe('Sign-in');
    expect(eventText(i18n.t, control[0]!)).toBe(
      `Acknowledged: ${control[0]!.message!.params.text}`,
    );
    expect(eventText(i18n.t, mains)).toBe('Wasserwerk Talaue: mains failure, pumps stopped');
    void i18n.changeLanguage('cs');
    expect(eventText(i18n.t, logins[0]!)).toBe('Přihlášení');
    void i18n.changeLanguage('ru');
    expect(eventText(i18n.t, logins[0]!)).toBe('Вход в систему');
    expect(eventText(i18n.t, mains)).toBe('Wasserwerk Talaue: отключение сети, насосы остановлены');
  });

  it('ET2: a live acknowledgement reads in the language of whoever reads it, with its plural', () => {
    const { events } = archive();
    events.audit({
      category: 'System',
      user: 'operator',
      text: '3 Störmeldung(en) quittiert',
      message: { key: 'alertsAcknowledged', params: { count: 3 } },
      control: { stationNumber: null, stationName: '', pvRef: null },
    });
    events.audit({
      category: 'System',
      user: 'operator',
      text: 'Wählaktion Connect',
      message: { key: 'dialAction', params: { action: 'Connect' } },
    });
    const [dial, ack] = events.systemEvents(0, START + 1, 10).events;
    expect(events.controlEvents(0, START + 1, 10).events[0]!.message).toEqual({
      key: 'alertsAcknowledged',
      params: { count: 3 },
    });
    expect(eventText(i18n.t, ack!)).toBe('3 Störmeldungen quittiert');
    expect(
      eventText(i18n.t, { ...ack!, message: { key: 'alertsAcknowledged', params: { count: 1 } } }),
    ).toBe('1 Störmeldung quittiert');
    void i18n.changeLanguage('en');
    expect(eventText(i18n.t, ack!)).toBe('3 alarms acknowledged');
    expect(eventText(i18n.t, dial!)).toBe('Dial action: Connect');
    void i18n.changeLanguage('cs');
    expect(eventText(i18n.t, ack!)).toBe('3 poruchová hlášení potvrzena');
    void i18n.changeLanguage('ru');
    expect(eventText(i18n.t, ack!)).toBe('3 аварийных сообщения квитировано');
    expect(eventText(i18n.t, dial!)).toBe('Дозвон: Подключить');
    // An operator's action on a PV, as the actions write it.
    const limit = {
      text: 'Grenzwert ogw gesetzt: Füllstand = 4.5 (Priorität 2, Verzögerung 10 s)',
      message: {
        key: 'limitSet' as const,
        params: { code: 'ogw', name: 'Füllstand', limit: 4.5, priority: 2, delay: 10 },
      },
    };
    void i18n.changeLanguage('en');
    expect(eventText(i18n.t, limit)).toBe(
      'Limit ogw set: Füllstand = 4.5 (priority 2, delay 10 s)',
    );
  });

  it('ET3: rows written before the keys, and keys this client does not know, keep their text', () => {
    const { db, events } = archive();
    db.prepare('INSERT INTO system_events (ts, category, user, text) VALUES (?, ?, ?, ?)').run(
      START - 1000,
      'Login',
      'operator',
      'operator signed in',
    );
    db.prepare(
      'INSERT INTO system_events (ts, category, user, text, text_key, text_params) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(START - 500, 'System', null, 'Neues Ereignis', 'somethingNew', '{}');
    const [unknown, old] = events.systemEvents(0, START + 1, 10).events;
    expect(old!.message).toBeNull();
    expect(unknown!.message).toBeNull();
    void i18n.changeLanguage('en');
    expect(eventText(i18n.t, old!)).toBe('operator signed in');
    expect(eventText(i18n.t, unknown!)).toBe('Neues Ereignis');
  });
});
