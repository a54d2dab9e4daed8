// @vitest-environment happy-dom
/**
 * The single-value dialog opened before its output's first value (SetValueDialog.tsx): the
 * entry waits, since only the value says whether it takes a time of day or a number, and the
 * on/off choice offers the opposite of the output's state once that state is in. Opened
 * before the value, the dialog refused a typed time as "not a number" and offered "Ein"
 * whatever the output reported. The session is the one piece faked here.
 */
import { act, createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PvConfig, PvValue } from '../../../src/contract/pv.ts';
import { de } from '../i18n/allTexts.ts';
import { addTexts } from '../../../src/app/i18n.ts';
import { pvConfigOf } from '../../support/pvConfigs.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

vi.mock('../../../src/features/shared/ReadOnlyNote.tsx', () => ({
  useWriteAccess: () => ({ may: true, reason: null }),
  ReadOnlyNote: () => null,
}));
vi.mock('../../../src/app/useFormat.ts', () => ({ useFormat: () => ({ locale: 'de' }) }));

const { SetValueDialog } = await import('../../../src/features/shared/actions/SetValueDialog.tsx');

const switchingTime = pvConfigOf(
  { type: 'AnaOut', nr: 100501 },
  { name: 'Schaltzeit Nachtbetrieb', decimalPlaces: 0, stationName: 'Hochbehälter Nord' },
);
const pump: PvConfig = {
  ...switchingTime,
  pvRef: { type: 'DigiOut', nr: 100301 },
  name: 'Pumpe 1 Befehl',
  digiDisplayConfig: { stateActiveText: 'Ein', stateInactiveText: 'Aus' },
};
const time: PvValue = {
  pvRef: switchingTime.pvRef,
  typeOfValue: 'TimeOfDayValue',
  timeOfDayValue: { hour: 22, minutes: 0 },
  quality: 'Good',
  timestamp: 0,
};
const running: PvValue = {
  pvRef: pump.pvRef,
  typeOfValue: 'BoolValue',
  boolValue: true,
  quality: 'Good',
  timestamp: 0,
};

describe('set value dialog before the first value', () => {
  let view: TestRoot;

  beforeAll(() => {
    addTexts('de', de);
  });
  beforeEach(() => {
    view = mountRoot();
  });
  afterEach(() => view.unmount());

  const show = (config: PvConfig, value: PvValue | undefined) =>
    view.render(
      createElement(SetValueDialog, { config, value, onClose: () => {}, onDone: () => {} }),
    );
  const input = () => document.body.querySelector<HTMLInputElement>('input[name="value"]')!;
  const checked = () =>
    document.body.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.closest('label')
      ?.textContent ?? null;

  it('SV1: the entry waits for the value and says so; with a time of day it takes a time', async () => {
    await show(switchingTime, undefined);
    expect(input().disabled).toBe(true);
    expect(document.body.textContent).toContain('Wartet auf den aktuellen Wert');
    await show(switchingTime, time);
    expect(input().disabled).toBe(false);
    expect(input().type).toBe('time');
    expect(document.body.textContent).not.toContain('Wartet auf den aktuellen Wert');
  });

  it('SV2: no state is offered before the output reports one; then its opposite, and a choice made stays', async () => {
    await show(pump, undefined);
    expect(checked()).toBeNull();
    await show(pump, running);
    expect(checked()).toBe('Aus');
    const on = [...document.body.querySelectorAll<HTMLLabelElement>('label')].find(
      (l) => l.textContent === 'Ein',
    )!;
    await act(() => on.querySelector('input')!.click());
    expect(checked()).toBe('Ein');
    await show(pump, { ...running, boolValue: false });
    expect(checked()).toBe('Ein');
  });
});
