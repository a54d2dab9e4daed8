/** Maintenance rules of the client (src/domain/maintenance.ts) — MT1-MT8. */
import { describe, expect, it } from 'vitest';
import type {
  LifecycleEntry,
  MaintenanceConfig,
  MaintenanceConfigSet,
} from '../../../src/contract/maintenance.ts';
import { MAX_DOCUMENT_BYTES } from '../../../src/contract/maintenance.ts';
import type { ServiceMessageType } from '../../../src/contract/enums.ts';
import {
  applySaveResult,
  buildSaveRequest,
  checkUploadFile,
  draftOf,
  fromPlantInput,
  isPending,
  newDraft,
  nextServiceDue,
  serviceState,
  storageCardWarning,
  toPlantInput,
  validateDraft,
} from '../../../src/domain/maintenance.ts';

const ZONE = 'Europe/Berlin';
const REF = { type: 'DigiIn', nr: 100001 } as const;

function config(
  type: ServiceMessageType,
  remainingTime: number,
  runtimeHours: number,
  extra: Partial<MaintenanceConfig> = {},
): MaintenanceConfig {
  return {
    pvMaintenanceRef: { pvRef: REF, serviceMessageType: type },
    delayTime: 0,
    description: type,
    message: `${type} fällig`,
    priority: 3,
    remainingTime,
    runtimeHours,
    runtimeType: 'Betriebszeit',
    runtimeDimension: 'Hours',
    runtimeEndType: 'Active',
    currentRuntime: 1000,
    targetRuntime: 1000 + remainingTime,
    notSet: false,
    openNotification: null,
    ...extra,
  };
}

function entry(
  id: number,
  description: string,
  ts = Date.UTC(2026, 10, 20, 7, 30),
): LifecycleEntry {
  return {
    id,
    pvType: 'DigiIn',
    pvNr: 100001,
    maintenanceTimestamp: ts,
    kind: 'Repair',
    description,
    performedBy: 'Schmidt',
    serviceMessageType: null,
    runtimeAtEntry: 1234,
    changedBy: 'maintenance',
    changedAt: ts,
  };
}

describe('maintenance rules', () => {
  it('MT1: a service is overdue at or below zero, soon within the last tenth of its span', () => {
    expect(serviceState(config('Bottom', 0, 500))).toBe('overdue');
    expect(serviceState(config('Bottom', -3, 500))).toBe('overdue');
    expect(serviceState(config('Bottom', 50, 500))).toBe('soon');
    expect(serviceState(config('Bottom', 51, 500))).toBe('ok');
    // Absolute: the span is the target.
    expect(
      serviceState(
        config('Top', 4000, 50_000, { runtimeEndType: 'Absolute', targetRuntime: 50_000 }),
      ),
    ).toBe('soon');
  });

  it('MT2: the next service due is an overdue one first, else the least share of its span left', () => {
    const set: MaintenanceConfigSet = {
      Bottom: config('Bottom', 200, 500),
      BottomMiddle: config('BottomMiddle', 300, 2000),
      TopMiddle: config('TopMiddle', 5000, 20000, { runtimeDimension: 'Cycles' }),
    };
    expect(nextServiceDue(set)?.pvMaintenanceRef.serviceMessageType).toBe('BottomMiddle');
    set.TopMiddle = config('TopMiddle', -1, 20000, { runtimeDimension: 'Cycles' });
    expect(nextServiceDue(set)?.pvMaintenanceRef.serviceMessageType).toBe('TopMiddle');
    expect(nextServiceDue(null)).toBeNull();
    expect(nextServiceDue({ Top: config('Top', 1, 1, { notSet: true }) })).toBeNull();
  });

  it('MT3: date inputs are read and written on the plant wall clock; invalid dates are null', () => {
    const at = Date.UTC(2026, 6, 1, 6, 15); // 08:15 summer time in Berlin
    expect(toPlantInput(at, ZONE)).toBe('2026-07-01T08:15');
    expect(fromPlantInput('2026-07-01T08:15', ZONE)).toBe(at);
    expect(fromPlantInput('2026-02-30T08:15', ZONE)).toBeNull();
    expect(fromPlantInput('', ZONE)).toBeNull();
    expect(fromPlantInput('gestern', ZONE)).toBeNull();
  });

  it('MT4: a row is save-pending when new, changed or marked deleted; an unchanged stored row is not', () => {
    const stored = draftOf(entry(1, 'Lager getauscht'), ZONE);
    expect(isPending(stored, ZONE)).toBe(false);
    expect(isPending({ ...stored, description: 'Lager und Dichtung' }, ZONE)).toBe(true);
    expect(isPending({ ...stored, deleted: true }, ZONE)).toBe(true);
    const fresh = newDraft(Date.now(), ZONE, 'Weber');
    expect(isPending(fresh, ZONE)).toBe(true);
    // A new row removed again before saving leaves nothing to save.
    expect(isPending({ ...fresh, deleted: true }, ZONE)).toBe(false);
  });

  it('MT5: a row needs a description and a valid date not too far away', () => {
    const now = Date.UTC(2026, 10, 23);
    const row = newDraft(now, ZONE, '');
    expect(validateDraft(row, now, ZONE).map((m) => m.key)).toEqual([
      'validation.forms.enterDescription',
    ]);
    const bad = { ...row, description: 'x', when: '2026-13-01T00:00' };
    expect(validateDraft(bad, now, ZONE)).toEqual([
      { key: 'validation.forms.enterDate', field: 'when' },
    ]);
    const future = { ...row, description: 'x', when: '2030-01-01T00:00' };
    expect(validateDraft(future, now, ZONE)[0]?.key).toBe('validation.forms.dateTooFarInFuture');
    // The server refuses the same (integration MA14): 1950 is too far back, 2027 still fine.
    const old = { ...row, description: 'x', when: '1950-06-01T08:00' };
    expect(validateDraft(old, now, ZONE)[0]?.key).toBe('validation.forms.dateTooFarInPast');
    expect(
      validateDraft({ ...row, description: 'x', when: '1980-06-01T08:00' }, now, ZONE),
    ).toEqual([]);
    expect(
      validateDraft({ ...row, description: 'x', when: '2027-06-01T08:00' }, now, ZONE),
    ).toEqual([]);
    expect(validateDraft({ ...bad, deleted: true }, now, ZONE)).toEqual([]);
  });

  it('MT6: one save batch holds the new rows, the changed rows and the ids marked deleted', () => {
    const a = draftOf(entry(1, 'a'), ZONE);
    const b = draftOf(entry(2, 'b'), ZONE);
    const c = draftOf(entry(3, 'c'), ZONE);
    const fresh = { ...newDraft(0, ZONE, 'Weber'), when: '2026-11-22T10:00', description: 'Lager' };
    const req = buildSaveRequest(
      REF,
      [
        fresh,
        { ...a, description: 'a2', serviceMessageType: 'Bottom' },
        { ...b, deleted: true },
        c,
      ],
      ZONE,
    );
    expect(req.pvType).toBe('DigiIn');
    expect(req.pvNr).toBe(100001);
    expect(req.entriesToCreate).toEqual([
      {
        maintenanceTimestamp: Date.UTC(2026, 10, 22, 9, 0),
        kind: 'Maintenance',
        description: 'Lager',
        performedBy: 'Weber',
        serviceMessageType: null,
      },
    ]);
    expect(req.entriesToUpdate).toMatchObject([
      { id: 1, description: 'a2', serviceMessageType: 'Bottom' },
    ]);
    expect(req.idsToDelete).toEqual([2]);
  });

  it('MT7: after success the rows become the stored entries; after a failure they stay as typed', () => {
    const a = draftOf(entry(1, 'a'), ZONE);
    const b = draftOf(entry(2, 'b'), ZONE);
    const fresh = { ...newDraft(0, ZONE, ''), when: '2026-11-22T10:00', description: 'neu' };
    const rows = [fresh, { ...a, description: 'a2' }, { ...b, deleted: true }];
    const failed = applySaveResult(
      rows,
      { status: 'Failed', message: 'Netzwerkfehler', created: [], updated: [], deletedIds: [] },
      ZONE,
    );
    expect(failed).toEqual(rows);
    const ok = applySaveResult(
      rows,
      {
        status: 'Success',
        message: '',
        created: [entry(9, 'neu', Date.UTC(2026, 10, 22, 9))],
        updated: [entry(1, 'a2')],
        deletedIds: [2],
      },
      ZONE,
    );
    expect(ok.map((r) => [r.id, r.description])).toEqual([
      [9, 'neu'],
      [1, 'a2'],
    ]);
    expect(ok.every((r) => !isPending(r, ZONE))).toBe(true);
  });

  it('MT8: an empty, too large or foreign file is told before it is sent', () => {
    expect(checkUploadFile({ size: 0, type: 'application/pdf' })).toBe('empty');
    expect(checkUploadFile({ size: MAX_DOCUMENT_BYTES + 1, type: 'application/pdf' })).toBe(
      'tooLarge',
    );
    expect(checkUploadFile({ size: 10, type: 'application/x-msdownload' })).toBe('wrongType');
    expect(checkUploadFile({ size: 10, type: 'image/jpeg' })).toBeNull();
    // Browsers that give no type leave the decision to the server.
    expect(checkUploadFile({ size: 10, type: '' })).toBeNull();
  });

  it('MT9: a storage card is warned about below 20 % of its life left (SPEC §9)', () => {
    expect(storageCardWarning(19.9)).toBe(true);
    expect(storageCardWarning(0)).toBe(true);
    expect(storageCardWarning(20)).toBe(false);
    expect(storageCardWarning(87)).toBe(false);
  });
});
