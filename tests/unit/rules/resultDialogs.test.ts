import { describe, expect, it } from 'vitest';
import type { PvRef } from '../../../src/contract/pv.ts';
import {
  alertsAckResultDialog,
  callNumbersResultDialog,
  failedPriorityOutputAck,
  failedPvActionResult,
  planResultDialog,
  priorityOutputAckDialog,
  pvActionResultDialog,
  pvLoadMessages,
  runtimesLoadFailedMessage,
  runtimesResponseMessage,
  shouldUpdateLocally,
  textMessageSaveDialog,
} from '../../../src/domain/validation/resultDialogs.ts';

const a: PvRef = { type: 'AnaOut', nr: 100_001 };
const b: PvRef = { type: 'AnaOut', nr: 100_002 };

describe('SPEC §3/§7 result status: local values only on Success', () => {
  it('RD1: only Success updates local values', () => {
    expect(shouldUpdateLocally('Success')).toBe(true);
    for (const s of ['Failed', 'Unauthorized', 'NotFound', 'Conflict'] as const) {
      expect(shouldUpdateLocally(s)).toBe(false);
    }
  });

  it('RD2: a failed call is a Failed result with empty lists', () => {
    expect(failedPvActionResult()).toEqual({
      status: 'Failed',
      errorMessage: null,
      unauthorizedPvs: [],
      missingPvs: [],
    });
    expect(failedPriorityOutputAck()).toEqual({ status: 'Failed', errorMessage: null });
  });
});

describe('SPEC §8 dialog titles and messages', () => {
  it("RD3: 'Werte wurden nicht gespeichert' lists unauthorized and missing PVs", () => {
    const d = pvActionResultDialog('setValues', {
      status: 'Unauthorized',
      errorMessage: null,
      unauthorizedPvs: [a],
      missingPvs: [b],
    });
    expect(d).toEqual({
      severity: 'error',
      title: { key: 'results.pvSet.notSaved' },
      message: null,
      detail: null,
      sections: [
        { labelKey: 'results.lists.unauthorizedPvs', items: [{ kind: 'pv', pvRef: a }] },
        { labelKey: 'results.lists.missingPvs', items: [{ kind: 'pv', pvRef: b }] },
      ],
    });
    expect(
      pvActionResultDialog('setValues', { ...failedPvActionResult(), status: 'Success' }),
    ).toBeNull();
  });

  it('RD3: each PV action has its title; limits and priorities share the values title', () => {
    const title = (action: Parameters<typeof pvActionResultDialog>[0]) =>
      pvActionResultDialog(action, failedPvActionResult())!.title.key;
    expect(title('resetCounters')).toBe('results.counterReset.notReset');
    expect(title('setRuntimes')).toBe('results.runtimes.notSet');
    expect(title('ackFailureInputs')).toBe('results.digiInAck.notAcknowledged');
    expect(title('setLimits')).toBe('results.pvSet.notSaved');
    expect(title('setPriorities')).toBe('results.pvSet.notSaved');
    const digi = pvActionResultDialog('ackFailureInputs', {
      status: 'Unauthorized',
      errorMessage: null,
      unauthorizedPvs: [a],
      missingPvs: [],
    });
    expect(digi!.sections.map((s) => s.labelKey)).toEqual(['results.lists.unauthorizedInputs']);
  });

  it("RD3: without lists a Failed call says 'Netzwerkfehler'; a server text is shown as is", () => {
    expect(pvActionResultDialog('resetCounters', failedPvActionResult())!.message).toEqual({
      key: 'results.network.error',
    });
    const withText = pvActionResultDialog('setRuntimes', failedPvActionResult('Timeout at unit'));
    expect(withText).toMatchObject({ message: null, detail: 'Timeout at unit' });
    const unauthorized = pvActionResultDialog('setLimits', {
      ...failedPvActionResult(),
      status: 'Unauthorized',
    });
    expect(unauthorized!.message).toEqual({ key: 'results.common.insufficientRights' });
  });

  it("RD4: 'Pläne wurden nicht quittiert' / 'Pläne wurden nicht gespeichert' list unauthorized plans", () => {
    const result = {
      status: 'Unauthorized' as const,
      errorMessage: null,
      unauthorizedPlans: [{ station: { stationNumber: 3 }, planNumber: 2 }],
    };
    expect(planResultDialog('acknowledge', result)).toMatchObject({
      title: { key: 'results.plans.notAcknowledged' },
      sections: [
        {
          labelKey: 'results.lists.unauthorizedPlans',
          items: [{ kind: 'plan', stationNumber: 3, planNumber: 2 }],
        },
      ],
    });
    expect(planResultDialog('save', result)!.title.key).toBe('results.plans.notSaved');
    expect(planResultDialog('save', { ...result, status: 'Success' })).toBeNull();
  });

  it("RD11: 'Error saving callnumbers state' / 'Rufnummern wurden nicht gespeichert' name the refused numbers", () => {
    const numbers = [
      { id: 5, name: 'Stefan Hoffmann', number: '+49 160 9981240' },
      { id: 11, name: 'Leitwarte Talaue', number: '+49 7031 66100' },
    ];
    const base = {
      errorMessage: null,
      alarmCallnumbers: numbers,
      unauthorizedNumbers: [],
      conflictingNumbers: [],
    };
    expect(callNumbersResultDialog('state', { ...base, status: 'Success' })).toBeNull();
    // Not reached: Failed with no text -> 'Netzwerkfehler' under the SPEC §8 title.
    expect(callNumbersResultDialog('state', { ...base, status: 'Failed' })).toMatchObject({
      severity: 'error',
      title: { key: 'results.callNumbers.stateNotSaved' },
      message: { key: 'results.network.error' },
      detail: null,
      sections: [],
    });
    expect(
      callNumbersResultDialog('state', {
        ...base,
        status: 'Unauthorized',
        unauthorizedNumbers: [5],
      }),
    ).toMatchObject({
      message: null,
      sections: [
        {
          labelKey: 'results.lists.unauthorizedNumbers',
          items: [
            { kind: 'callNumber', id: 5, name: 'Stefan Hoffmann', number: '+49 160 9981240' },
          ],
        },
      ],
    });
    expect(callNumbersResultDialog('state', { ...base, status: 'Unauthorized' })!.message).toEqual({
      key: 'results.common.insufficientRights',
    });
    const conflict = callNumbersResultDialog('save', {
      ...base,
      status: 'Conflict',
      errorMessage: 'Inzwischen geändert: Leitwarte Talaue',
      conflictingNumbers: [11, 99],
    })!;
    expect(conflict.title.key).toBe('results.callNumbers.notSaved');
    expect(conflict.detail).toBe('Inzwischen geändert: Leitwarte Talaue');
    expect(conflict.sections[0]!.labelKey).toBe('results.lists.conflictingNumbers');
    // A number the answer no longer lists is still named, by its id.
    expect(conflict.sections[0]!.items[1]).toEqual({
      kind: 'callNumber',
      id: 99,
      name: '99',
      number: '',
    });
  });

  it("RD6: acknowledging alerts: Unauthorized -> 'keine Rechte zum Quittieren', else the error text", () => {
    expect(alertsAckResultDialog({ status: 'Unauthorized', errorMessage: null })).toEqual({
      severity: 'error',
      title: { key: 'results.alertsAck.title' },
      message: { key: 'results.alertsAck.unauthorized' },
      detail: null,
      sections: [],
    });
    expect(alertsAckResultDialog({ status: 'Failed', errorMessage: 'boom' })).toMatchObject({
      message: { key: 'results.alertsAck.error' },
      detail: 'boom',
    });
    expect(alertsAckResultDialog({ status: 'Success', errorMessage: null })).toBeNull();
  });

  it('RD7: priority-output acknowledge: success, none to acknowledge, server/network error', () => {
    expect(priorityOutputAckDialog({ status: 'Success', errorMessage: null })).toMatchObject({
      severity: 'success',
      title: { key: 'results.priorityOutputs.acknowledged' },
    });
    expect(priorityOutputAckDialog({ status: 'NotFound', errorMessage: null })).toMatchObject({
      severity: 'info',
      title: { key: 'results.priorityOutputs.noneToAcknowledge' },
    });
    expect(priorityOutputAckDialog(failedPriorityOutputAck())).toMatchObject({
      severity: 'error',
      title: { key: 'results.priorityOutputs.notAcknowledged' },
      message: { key: 'results.network.serverOrNetwork' },
    });
    expect(
      priorityOutputAckDialog({ status: 'Failed', errorMessage: 'Station busy' }),
    ).toMatchObject({
      message: null,
      detail: 'Station busy',
    });
  });

  it('RD8: a failed text-message save opens the generic status dialog', () => {
    expect(textMessageSaveDialog({ status: 'Failed', message: null })).toMatchObject({
      title: { key: 'results.textMessage.notSaved' },
      message: { key: 'results.network.error' },
    });
    expect(textMessageSaveDialog({ status: 'Success', message: null })).toBeNull();
  });

  it('RD10: runtimes that did not load are named; all requested ones when the call failed', () => {
    const nameOf = (ref: PvRef) => `PV ${ref.nr}`;
    const ok = {
      status: 'Success' as const,
      errorMessage: null,
      runtimeValues: [],
      missingPvs: [],
    };
    expect(runtimesResponseMessage(ok, [a, b], nameOf)).toBeNull();
    expect(runtimesResponseMessage({ ...ok, missingPvs: [b] }, [a, b], nameOf)).toEqual({
      key: 'results.load.runtimesFailed',
      params: { names: 'PV 100002' },
    });
    expect(runtimesResponseMessage({ ...ok, status: 'Failed' }, [a, b], nameOf)).toEqual({
      key: 'results.load.runtimesFailed',
      params: { names: 'PV 100001, PV 100002' },
    });
  });

  it('RD9: loading messages for PVs and runtimes', () => {
    expect(pvLoadMessages([], true)).toEqual([{ key: 'results.load.pvFailed' }]);
    expect(pvLoadMessages([a], false)).toEqual([
      { key: 'results.load.pvMissing', params: { type: 'AnaOut', nr: 100_001 } },
    ]);
    expect(runtimesLoadFailedMessage(['Pumpe 1', 'Pumpe 2'])).toEqual({
      key: 'results.load.runtimesFailed',
      params: { names: 'Pumpe 1, Pumpe 2' },
    });
  });

  it('RD4b: refused plans are named "Station · Plan" when the caller knows them', () => {
    const result = {
      status: 'Unauthorized' as const,
      errorMessage: null,
      unauthorizedPlans: [
        { station: { stationNumber: 3 }, planNumber: 2 },
        { station: { stationNumber: 9 }, planNumber: 1 },
      ],
    };
    const names = (ref: { station: { stationNumber: number }; planNumber: number }) =>
      ref.station.stationNumber === 3
        ? { stationName: 'Hochbehälter Kirchberg', planName: 'Nachtplan' }
        : undefined;
    expect(planResultDialog('acknowledge', result, names)!.sections[0]!.items).toEqual([
      { kind: 'plan', stationNumber: 3, planNumber: 2, name: 'Hochbehälter Kirchberg · Nachtplan' },
      { kind: 'plan', stationNumber: 9, planNumber: 1 },
    ]);
  });

  it('RD12: each refused PV, plan or number is listed once, however often the server names it', () => {
    const pvs = pvActionResultDialog('setValues', {
      status: 'Unauthorized',
      errorMessage: null,
      unauthorizedPvs: [a, b, { ...a }, a],
      missingPvs: [b, b],
    })!;
    expect(pvs.sections.map((s) => s.items)).toEqual([
      [
        { kind: 'pv', pvRef: a },
        { kind: 'pv', pvRef: b },
      ],
      [{ kind: 'pv', pvRef: b }],
    ]);
    const plan = { station: { stationNumber: 3 }, planNumber: 2 };
    const plans = planResultDialog('save', {
      status: 'Unauthorized',
      errorMessage: null,
      unauthorizedPlans: [plan, { ...plan }],
    })!;
    expect(plans.sections[0]!.items).toHaveLength(1);
  });

  it('RD11b: a rota left with nobody on call (RS14) gets the rule in the user language and the number', () => {
    const dialog = callNumbersResultDialog('state', {
      status: 'Failed',
      errorMessage: 'Rufnummer nicht ausgeschaltet: …',
      alarmCallnumbers: [{ id: 1, name: 'Jana Weber', number: '+49 171 4402310' }],
      unauthorizedNumbers: [],
      conflictingNumbers: [],
      lastOnCallNumbers: [1],
    });
    expect(dialog).toEqual({
      severity: 'error',
      title: { key: 'results.callNumbers.stateNotSaved' },
      message: { key: 'results.callNumbers.lastOnCall' },
      detail: null,
      sections: [
        {
          labelKey: 'results.lists.lastOnCallNumbers',
          items: [{ kind: 'callNumber', id: 1, name: 'Jana Weber', number: '+49 171 4402310' }],
        },
      ],
    });
  });
});
