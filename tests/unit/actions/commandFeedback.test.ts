// @vitest-environment happy-dom
/**
 * Commanded against actual (src/features/shared/actions/commandFeedback.ts, ActionNotice.tsx): after
 * a value was sent to an output, the notice follows the output's report: it waits, says when
 * the plant reports the commanded value, and warns (role alert, stays) when it has not
 * within FEEDBACK_TIMEOUT_MS. The live value is the one piece faked here.
 */
import { act, createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PvSetItem } from '../../../src/contract/actions.ts';
import type { PvConfig, PvValue } from '../../../src/contract/pv.ts';
import { de, ru } from '../i18n/allTexts.ts';
import { addTexts, i18n } from '../../../src/app/i18n.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

let live: PvValue | undefined;
/** When set, the value of each PV by its reference (several outputs); otherwise `live`. */
let livePv: ((ref: PvConfig['pvRef']) => PvValue | undefined) | null = null;
vi.mock('../../../src/live/index.ts', () => ({
  usePvValue: (ref: PvConfig['pvRef']) => (livePv ? livePv(ref) : live),
}));
vi.mock('../../../src/app/useFormat.ts', () => ({
  useFormat: () => ({ locale: i18n.language === 'ru' ? 'ru' : 'de' }),
}));

const { ActionNotice, NOTICE_VISIBLE_MS } =
  await import('../../../src/features/shared/actions/ActionNotice.tsx');
const { FEEDBACK_TIMEOUT_MS, commandWatch, feedbackState, reportsCommanded } =
  await import('../../../src/features/shared/actions/commandFeedback.ts');

const pump: PvConfig = {
  pvRef: { type: 'DigiOut', nr: 100301 },
  name: 'Pumpe 1 Befehl',
  stationNumber: 1,
  stationName: 'Hochbehälter Nord',
  decimalPlaces: 0,
  dimension: '',
  digiDisplayConfig: { stateActiveText: 'Ein', stateInactiveText: 'Aus' },
} as PvConfig;
const setpoint: PvConfig = {
  ...pump,
  pvRef: { type: 'AnaOut', nr: 100401 },
  name: 'Sollwert Druck',
  decimalPlaces: 2,
  dimension: 'bar',
  digiDisplayConfig: null,
} as PvConfig;

const on = (value: boolean): PvSetItem => ({
  pvRef: pump.pvRef,
  typeOfValue: 'BoolValue',
  boolValue: value,
});
const to = (value: number, ref = setpoint.pvRef): PvSetItem => ({
  pvRef: ref,
  typeOfValue: 'DoubleValue',
  doubleValue: value,
});

const bool = (on: boolean, quality: PvValue['quality'] = 'Good'): PvValue => ({
  pvRef: pump.pvRef,
  typeOfValue: 'BoolValue',
  boolValue: on,
  quality,
  timestamp: 0,
});
const number = (v: number): PvValue => ({
  pvRef: setpoint.pvRef,
  typeOfValue: 'DoubleValue',
  doubleValue: v,
  quality: 'Good',
  timestamp: 0,
});

describe('command feedback rules', () => {
  it('CF1: a state is reported when it equals the commanded one, good or without a quality', () => {
    const watch = commandWatch(pump, on(true), 'Ein', 0)!;
    expect(reportsCommanded(watch.expected, bool(true))).toBe(true);
    expect(reportsCommanded(watch.expected, bool(false))).toBe(false);
    expect(reportsCommanded(watch.expected, bool(true, 'Bad'))).toBe(false);
    expect(reportsCommanded(watch.expected, bool(true, 'Uncertain'))).toBe(false);
    // A source that states no quality is shown without a mark, and taken as it reads.
    expect(reportsCommanded(watch.expected, bool(true, 'Unspecified'))).toBe(true);
    expect(reportsCommanded(watch.expected, undefined)).toBe(false);
  });

  it('CF2: a number is reported within half a unit of its last shown decimal place', () => {
    const watch = commandWatch(setpoint, to(2.5), '2,50 bar', 0)!;
    expect(reportsCommanded(watch.expected, number(2.504))).toBe(true);
    expect(reportsCommanded(watch.expected, number(2.49))).toBe(false);
    const time: PvSetItem = {
      pvRef: setpoint.pvRef,
      typeOfValue: 'TimeOfDayValue',
      timeOfDayValue: 1566,
    };
    expect(commandWatch(setpoint, time, '06:30', 0)).toBeNull();
  });

  it('CF3: pending until the time is up, then missing; confirmed once reported stays so', () => {
    const watch = commandWatch(pump, on(true), 'Ein', 1_000)!;
    expect(feedbackState(watch, bool(false), 1_000 + FEEDBACK_TIMEOUT_MS - 1, false)).toBe(
      'pending',
    );
    expect(feedbackState(watch, bool(false), 1_000 + FEEDBACK_TIMEOUT_MS, false)).toBe('missing');
    expect(feedbackState(watch, bool(true), 1_000 + FEEDBACK_TIMEOUT_MS, false)).toBe('confirmed');
    expect(feedbackState(watch, bool(false), 1_000 + FEEDBACK_TIMEOUT_MS, true)).toBe('confirmed');
  });
});

describe('ActionNotice following a command', () => {
  let view: TestRoot;
  const gone = vi.fn();
  const notice = () => document.body.querySelector<HTMLElement>('.action-notice');

  beforeAll(() => {
    addTexts('de', de);
    addTexts('ru', ru);
  });
  beforeEach(() => {
    vi.useFakeTimers();
    gone.mockReset();
    view = mountRoot();
  });
  afterEach(async () => {
    await view.unmount();
    vi.useRealTimers();
    await act(() => i18n.changeLanguage('de'));
  });

  const show = (...watches: (ReturnType<typeof commandWatch> | null)[]) =>
    view.render(
      createElement(ActionNotice, {
        message: 'gesetzt',
        watches: watches.filter((w) => w !== null),
        onGone: gone,
      }),
    );

  it('CF4: waits for the plant, then says it reports the commanded state, and goes', async () => {
    live = bool(false);
    const watch = commandWatch(pump, on(true), 'Ein', Date.now());
    await show(watch);
    expect(notice()?.dataset.feedback).toBe('pending');
    expect(notice()?.getAttribute('role')).toBe('status');
    expect(notice()?.textContent).toContain('Pumpe 1 Befehl: Ein gesendet');
    live = bool(true);
    await show(watch);
    expect(notice()?.dataset.feedback).toBe('confirmed');
    expect(notice()?.textContent).toContain('Die Anlage meldet Ein.');
    await act(() => vi.advanceTimersByTime(NOTICE_VISIBLE_MS));
    expect(gone).toHaveBeenCalledOnce();
  });

  it('CF5: a state the plant does not report in time is a warning that stays until closed', async () => {
    live = bool(false);
    await show(commandWatch(pump, on(true), 'Ein', Date.now()));
    await act(() => vi.advanceTimersByTime(FEEDBACK_TIMEOUT_MS - 1));
    expect(notice()?.dataset.feedback).toBe('pending');
    await act(() => vi.advanceTimersByTime(1));
    expect(notice()?.dataset.feedback).toBe('missing');
    expect(notice()?.getAttribute('role')).toBe('alert');
    expect(notice()?.textContent).toBe(
      'Keine Rückmeldung. Pumpe 1 Befehl: Ein wurde gesendet, die Anlage meldet nach 15 s: Aus.Schließen',
    );
    await act(() => vi.advanceTimersByTime(10 * NOTICE_VISIBLE_MS));
    expect(gone).not.toHaveBeenCalled();
    await act(() => notice()?.querySelector('button')?.click());
    expect(gone).toHaveBeenCalledOnce();
  });

  it('CF6: the warning names a value of bad quality, or none, in the language shown', async () => {
    await act(() => i18n.changeLanguage('ru'));
    live = undefined;
    await show(commandWatch(setpoint, to(2.5), '2,50 bar', Date.now()));
    await act(() => vi.advanceTimersByTime(FEEDBACK_TIMEOUT_MS));
    expect(notice()?.textContent).toContain('через 15 с установка сообщает: нет значения.');
    live = { ...number(1.2), quality: 'Bad' };
    await show(commandWatch(setpoint, to(2.5), '2,50 bar', Date.now() - FEEDBACK_TIMEOUT_MS));
    expect(notice()?.textContent).toContain('установка сообщает: 1,20 bar (');
  });

  it('CF8: several outputs: waits for all, lists only those the plant did not follow', async () => {
    const pump2: PvConfig = {
      ...pump,
      pvRef: { type: 'DigiOut', nr: 100302 },
      name: 'Pumpe 2 Befehl',
    };
    const values = new Map<number, PvValue>([
      [pump.pvRef.nr, bool(false)],
      [pump2.pvRef.nr, bool(false)],
      [setpoint.pvRef.nr, number(1)],
    ]);
    livePv = (ref) => values.get(ref.nr);
    const sentAt = Date.now();
    const all = [
      commandWatch(pump, on(true), 'Ein', sentAt),
      commandWatch(pump2, { ...on(true), pvRef: pump2.pvRef }, 'Ein', sentAt),
      commandWatch(setpoint, to(2.5), '2,50 bar', sentAt),
    ];
    await show(...all);
    expect(notice()?.textContent).toContain('3 Werte gesendet – warte auf die Rückmeldung');
    values.set(pump.pvRef.nr, bool(true));
    values.set(setpoint.pvRef.nr, number(2.5));
    await show(...all);
    expect(notice()?.dataset.feedback).toBe('pending');
    await act(() => vi.advanceTimersByTime(FEEDBACK_TIMEOUT_MS));
    expect(notice()?.dataset.feedback).toBe('missing');
    expect(notice()?.textContent).toBe(
      'Keine Rückmeldung. Pumpe 2 Befehl: Ein wurde gesendet, die Anlage meldet nach 15 s: Aus.Schließen',
    );
    values.set(pump2.pvRef.nr, bool(true));
    await show(...all);
    expect(notice()?.dataset.feedback).toBe('confirmed');
    expect(notice()?.textContent).toContain('Die Anlage meldet alle 3 gesendeten Werte.');
    livePv = null;
  });
});

describe('the tab notice stack', () => {
  it('CF9: commands one after another keep their notices; a new command to the same output replaces its own', async () => {
    const { addNotice, removeNotice, useNotices } = await import('../../../src/app/noticeStack.ts');
    const seen: { message: string; id: number }[][] = [];
    function Probe() {
      seen.push(useNotices().map((n) => ({ message: n.message, id: n.id })));
      return null;
    }
    const view = mountRoot();
    await view.render(createElement(Probe));
    const pump2: PvConfig = { ...pump, pvRef: { type: 'DigiOut', nr: 100302 } };
    await act(() =>
      addNotice({ message: 'p1 on', watches: [commandWatch(pump, on(true), 'Ein', 1)!] }),
    );
    await act(() =>
      addNotice({
        message: 'p2 on',
        watches: [commandWatch(pump2, { ...on(true), pvRef: pump2.pvRef }, 'Ein', 2)!],
      }),
    );
    await act(() => addNotice({ message: 'saved' }));
    await act(() =>
      addNotice({ message: 'p1 off', watches: [commandWatch(pump, on(false), 'Aus', 3)!] }),
    );
    const now = seen.at(-1)!;
    expect(now.map((n) => n.message)).toEqual(['p2 on', 'saved', 'p1 off']);
    await act(() => removeNotice(now[0]!.id));
    expect(seen.at(-1)!.map((n) => n.message)).toEqual(['saved', 'p1 off']);
    for (let i = 0; i < 6; i++) await act(() => addNotice({ message: `n${i}` }));
    expect(seen.at(-1)!.map((n) => n.message)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    await view.unmount();
  });
});
