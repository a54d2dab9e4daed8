/**
 * One PV value of each kind that is not a double (doubleValue in engineHarness.ts makes
 * those): bool and failure state travel in the typed columns, a counter stays an object.
 */
import type { PvValue } from '../../../src/contract/pv.ts';

export const boolValue: PvValue = {
  pvRef: { type: 'DigiIn', nr: 7 },
  typeOfValue: 'BoolValue',
  boolValue: true,
  quality: 'Bad',
  timestamp: 5,
};

export const failureValue: PvValue = {
  pvRef: { type: 'AnaIn', nr: 8 },
  typeOfValue: 'FailureStateValue',
  failureStateValue: false,
  quality: 'Uncertain',
  timestamp: 6,
};

export const counterValue: PvValue = {
  pvRef: { type: 'ZaehlWert', nr: 9 },
  typeOfValue: 'CounterValue',
  counterValue: { value: 12, resetable: true, day: 1, month: 2, year: 2026 },
  quality: 'Good',
  timestamp: 7,
};
