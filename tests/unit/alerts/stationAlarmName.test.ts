/**
 * The station alarm link's accessible name holds what a sighted user reads on it (WCAG 2.5.3
 * label in name; issue 55: axe label-content-name-mismatch on /stations and /process-images):
 * the mark's number, then the counts, in every language, active or returned, full or compact.
 * The words are compared as axe compares them: punctuation left out, spaces collapsed.
 */
import { describe, expect, it } from 'vitest';
import type { StationAlarmState } from '../../../src/domain/stationAlarm.ts';
import { stationAlarmTexts } from '../../../src/features/shared/alarm/StationAlarmLink.tsx';
import { translatorIn } from '../i18n/allTextsRuntime.ts';

/** The punctuation axe leaves out when it compares words (axe-core getPunctuationRegExp). */
const AXE_PUNCTUATION =
  /[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&\xa3\xa2\xa5\xa7\u20ac()*+,\-./:;<=>?@[\]^_`{|}~\xb1]/g;
const curate = (text: string) =>
  text.toLowerCase().replace(AXE_PUNCTUATION, '').replace(/\s+/g, ' ').trim();

const STATES: StationAlarmState[] = [
  { priority: 1, phase: 'unacknowledged', highestActive: 1, active: 2, unacknowledged: 2 },
  { priority: 0, phase: 'acknowledged', highestActive: 0, active: 5, unacknowledged: 0 },
  { priority: 3, phase: 'unacknowledged', highestActive: 3, active: 1, unacknowledged: 22 },
  { priority: 2, phase: 'returned', highestActive: null, active: 0, unacknowledged: 3 },
  // The mark shows another alarm than the highest active one (SA1, issue 55).
  { priority: 5, phase: 'unacknowledged', highestActive: 1, active: 2, unacknowledged: 1 },
  { priority: 1, phase: 'returned', highestActive: 5, active: 1, unacknowledged: 1 },
];

describe('station alarm link name (label in name)', () => {
  for (const lang of ['de', 'en', 'cs', 'ru'] as const) {
    it(`SAN1: the name holds the mark's number and the counts as shown, in ${lang}`, () => {
      const t = translatorIn(lang);
      for (const alarm of STATES) {
        for (const compact of [false, true]) {
          // The link's text as axe reads it: the mark's number, a space, the counts parted by
          // spaces (the dot between them is CSS, StationAlarmLink).
          const { counts, name } = stationAlarmTexts(t, 'Pumpwerk Süd', alarm, compact);
          const visible = `${alarm.priority} ${counts.join(' ')}`;
          expect(curate(name), `${lang} ${JSON.stringify(alarm)} compact=${compact}`).toContain(
            curate(visible),
          );
        }
      }
    });
  }

  it('SAN2: the name says the phase of the alarm the mark shows, and the highest active priority when it is another', () => {
    const de = translatorIn('de');
    const name = (alarm: StationAlarmState) => stationAlarmTexts(de, 'Pumpwerk Süd', alarm).label;
    expect(name(STATES[4]!)).toBe(
      'Pumpwerk Süd: Alarm nicht quittiert, Priorität 5, 2 aktiv, 1 unquittiert, höchste aktive Priorität 1',
    );
    expect(name(STATES[1]!)).toBe(
      'Pumpwerk Süd: Alarm quittiert, steht noch an, Priorität 0, 5 aktiv, 0 unquittiert',
    );
    expect(name(STATES[3]!)).toBe(
      'Pumpwerk Süd: Alarm gegangen, nicht quittiert, Priorität 2, 3 unquittiert',
    );
    expect(stationAlarmTexts(translatorIn('ru'), 'ВНС', STATES[4]!).label).toBe(
      'ВНС: авария не квитирована, приоритет 5, 2 активные, 1 неквитир., высший активный приоритет 1',
    );
  });
});
