/** Rules CD1-CD5 of src/domain/callNumberDrafts.ts (SPEC §7 POST alarmnumbers, §5 Forms). */
import { describe, expect, it } from 'vitest';
import type { AlarmCallNumber, CallNumbersSaveResult } from '../../../src/contract/remoteAlert.ts';
import {
  applySaveResult,
  draftOf,
  editsOf,
  isPending,
  issuesOnRows,
  newDraft,
  validateDrafts,
} from '../../../src/domain/callNumberDrafts.ts';

const number = (id: number, patch: Partial<AlarmCallNumber> = {}): AlarmCallNumber => ({
  id,
  name: `Person ${id}`,
  number: `+49 171 44023${id}0`,
  categoryId: 1,
  pvGroups: [1, 2],
  active: false,
  changedAt: 1000,
  changedBy: 'System',
  currentUserCanEdit: true,
  ...patch,
});

const result = (
  status: CallNumbersSaveResult['status'],
  alarmCallnumbers: AlarmCallNumber[],
  conflictingNumbers: number[] = [],
): CallNumbersSaveResult => ({
  status,
  errorMessage: null,
  alarmCallnumbers,
  unauthorizedNumbers: [],
  conflictingNumbers,
});

describe('editing call numbers', () => {
  it('CD1: a row is pending when new or changed (trimmed text, groups as a set)', () => {
    const d = draftOf(number(1));
    expect(isPending(d)).toBe(false);
    expect(isPending({ ...d, name: 'Person 1 ', pvGroups: [2, 1] })).toBe(false);
    expect(isPending({ ...d, number: '+49 171 1' })).toBe(true);
    expect(isPending(newDraft('new1', 1))).toBe(true);
  });

  it('CD2: only pending rows are checked; a duplicate counts against every row of the category', () => {
    const a = draftOf(number(1));
    const b = { ...draftOf(number(2)), number: a.number.replace('+', '00') };
    const c = { ...newDraft('new1', 1), name: '', number: '12', pvGroups: [] };
    const errors = validateDrafts([a, b, c]);
    expect([...errors.keys()].sort()).toEqual(['n2', 'new1']);
    expect(errors.get('n2')).toEqual([
      { key: 'remoteAlarm.validation.numberTwice', field: 'number' },
    ]);
    expect(errors.get('new1')!.map((m) => m.field)).toEqual(['name', 'number', 'pvGroups']);
    // A number broken otherwise gets one message for the field, not two.
    const d = { ...draftOf(number(3)), number: '12' };
    const e = { ...draftOf(number(4)), number: '12' };
    expect(validateDrafts([d, e]).get('n3')).toEqual([
      { key: 'remoteAlarm.validation.numberDigits', field: 'number' },
    ]);
  });

  it('CD3: the request holds the pending rows, trimmed, with what they were before', () => {
    const a = draftOf(number(1));
    const b = { ...draftOf(number(2)), name: ' Neu ', pvGroups: [3, 1, 3] };
    const c = { ...newDraft('new1', 4), name: 'Leitwarte', number: '+49 7031 1', pvGroups: [1] };
    const { edits, keys } = editsOf([a, b, c]);
    expect(keys).toEqual(['n2', 'new1']);
    expect(edits).toEqual([
      {
        id: 2,
        name: 'Neu',
        number: number(2).number,
        categoryId: 1,
        pvGroups: [1, 3],
        previous: { name: 'Person 2', number: number(2).number, categoryId: 1, pvGroups: [1, 2] },
      },
      { id: 0, name: 'Leitwarte', number: '+49 7031 1', categoryId: 4, pvGroups: [1] },
    ]);
  });

  it('CD4: Success takes the stored numbers; a failure keeps every row as typed', () => {
    const typed = [{ ...draftOf(number(1)), name: 'Getippt' }, newDraft('new1', 1)];
    const stored = [number(1, { name: 'Getippt', changedBy: 'operator' }), number(12)];
    const ok = applySaveResult(typed, result('Success', stored));
    expect(ok.map((d) => d.key)).toEqual(['n1', 'n12']);
    expect(ok.every((d) => !isPending(d))).toBe(true);
    for (const status of ['Failed', 'Unauthorized'] as const)
      expect(applySaveResult(typed, result(status, [number(1)]))).toEqual(typed);
  });

  it('CD4: on Conflict a row keeps what the user typed and takes what they left alone', () => {
    const typed = { ...draftOf(number(1)), name: 'Getippt' };
    const theirs = number(1, { number: '+49 171 9999999', changedBy: 'admin', changedAt: 2000 });
    const [merged] = applySaveResult([typed], result('Conflict', [theirs], [1]));
    expect(merged).toMatchObject({
      name: 'Getippt',
      number: '+49 171 9999999',
      original: theirs,
      conflict: theirs,
    });
    expect(isPending(merged!)).toBe(true);
    // Saving again sends the server's version as `previous`: it goes through.
    expect(editsOf([merged!]).edits[0]!.previous!.number).toBe('+49 171 9999999');
  });

  it('CD5: the server’s issues land on the rows and fields they name', () => {
    const placed = issuesOnRows(
      [
        { path: '1.number', message: 'Diese Rufnummer gibt es in der Kategorie schon.' },
        { path: '0.name', message: 'Name darf nicht leer sein.' },
        { path: 'call numbers', message: 'Invalid' },
        { path: '7.number', message: 'Zu weit' },
      ],
      ['n4', 'new1'],
    );
    expect(placed.rows.get('new1')).toEqual([
      { field: 'number', text: 'Diese Rufnummer gibt es in der Kategorie schon.' },
    ]);
    expect(placed.rows.get('n4')).toEqual([{ field: 'name', text: 'Name darf nicht leer sein.' }]);
    expect(placed.general).toEqual(['Invalid', 'Zu weit']);
  });
});
