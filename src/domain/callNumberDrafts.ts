/**
 * Editing call numbers (SPEC §7 POST alarmnumbers, §5 "Forms"): the rows of the edit form as
 * drafts beside what the server holds, which of them changed, their validation (RA10, RA11),
 * the request, and what a save's answer does to the rows — a failed save keeps every row as
 * typed (DESIGN.md "Nothing lost"). Rules CD1-CD5.
 */
import type {
  AlarmCallNumber,
  CallNumberEdit,
  CallNumberFields,
  CallNumbersSaveResult,
} from '../contract/remoteAlert.ts';
import {
  CALL_NUMBER_ERRORS,
  callNumberFieldErrors,
  duplicateNumbers,
  sameFields,
  type CallNumberField,
} from './remoteAlarm.ts';
import { ruleMessage, type RuleMessage } from './validation/ruleMessage.ts';

export interface CallNumberDraft extends CallNumberFields {
  /** Stable row key: `n{id}` for a stored number, `new{k}` for one being added. */
  key: string;
  /** 0 while the number is new. */
  id: number;
  /** The number as the server held it when the row was loaded; null for a new one. */
  original: AlarmCallNumber | null;
  /** Set when a save found the number changed by someone else (CD4). */
  conflict: AlarmCallNumber | null;
}

const fieldsOf = (n: CallNumberFields): CallNumberFields => ({
  name: n.name,
  number: n.number,
  categoryId: n.categoryId,
  pvGroups: [...n.pvGroups],
});

export function draftOf(n: AlarmCallNumber): CallNumberDraft {
  return { key: `n${n.id}`, id: n.id, ...fieldsOf(n), original: n, conflict: null };
}

export function newDraft(key: string, categoryId: number): CallNumberDraft {
  return {
    key,
    id: 0,
    name: '',
    number: '',
    categoryId,
    pvGroups: [],
    original: null,
    conflict: null,
  };
}

/** CD1: a row is pending when it is new or differs from what the server held. */
export function isPending(d: CallNumberDraft): boolean {
  return d.original === null || !sameFields(d, d.original);
}

/** Messages per row key; each carries its field (`name`, `number`, `pvGroups`). */
export type DraftErrors = Map<string, RuleMessage[]>;

/**
 * CD2: the rules broken by pending rows: RA10 per row, and RA11 over every row (a pending
 * row that dials the number of another row of its category).
 */
export function validateDrafts(drafts: readonly CallNumberDraft[]): DraftErrors {
  const errors: DraftErrors = new Map();
  const add = (key: string, field: CallNumberField, rule: string) =>
    errors.set(key, [...(errors.get(key) ?? []), ruleMessage(rule, undefined, field)]);
  const twice = duplicateNumbers(drafts);
  for (const d of drafts) {
    if (!isPending(d)) continue;
    for (const e of callNumberFieldErrors(d)) add(d.key, e.field, e.rule);
    if (twice.has(d.key) && !(errors.get(d.key) ?? []).some((m) => m.field === 'number'))
      add(d.key, 'number', CALL_NUMBER_ERRORS.numberTwice);
  }
  return errors;
}

/** CD3: the body of POST alarmnumbers: every pending row, trimmed, with what it was before. */
export function editsOf(drafts: readonly CallNumberDraft[]): {
  edits: CallNumberEdit[];
  keys: string[];
} {
  const pending = drafts.filter(isPending);
  return {
    keys: pending.map((d) => d.key),
    edits: pending.map((d) => ({
      id: d.id,
      name: d.name.trim(),
      number: d.number.trim(),
      categoryId: d.categoryId,
      pvGroups: [...new Set(d.pvGroups)].sort((a, b) => a - b),
      ...(d.original ? { previous: fieldsOf(d.original) } : {}),
    })),
  };
}

/**
 * CD4: the rows after a save's answer. Success: the server's numbers, as stored. Anything
 * else keeps every row as typed. A row the server names as changed meanwhile is merged: a
 * field the user changed keeps the typed value, a field the user left alone takes the other
 * user's value; the server's version becomes the row's base (the next save overwrites only
 * what this user typed) and is shown beside it.
 */
export function applySaveResult(
  drafts: readonly CallNumberDraft[],
  result: CallNumbersSaveResult,
): CallNumberDraft[] {
  if (result.status === 'Success') return result.alarmCallnumbers.map(draftOf);
  const current = new Map(result.alarmCallnumbers.map((n) => [n.id, n]));
  const conflicting = new Set(result.conflictingNumbers);
  return drafts.map((d) => {
    const now = current.get(d.id);
    if (!conflicting.has(d.id) || !now || !d.original) return d;
    const was = d.original;
    const mine = <K extends keyof CallNumberFields>(k: K, same: boolean) =>
      same ? fieldsOf(now)[k] : d[k];
    return {
      ...d,
      name: mine('name', d.name.trim() === was.name.trim()),
      number: mine('number', d.number.trim() === was.number.trim()),
      categoryId: mine('categoryId', d.categoryId === was.categoryId),
      pvGroups: mine('pvGroups', sameFields({ ...was, pvGroups: d.pvGroups }, was)),
      original: now,
      conflict: now,
    };
  });
}

/**
 * CD5: the server's 400 issues (`{index}.{field}`, index into the edits sent) as messages on
 * the rows they belong to. Issues that name no row come back in `general`.
 */
export function issuesOnRows(
  issues: readonly { path: string; message: string }[],
  sentKeys: readonly string[],
): { rows: Map<string, { field: string; text: string }[]>; general: string[] } {
  const rows = new Map<string, { field: string; text: string }[]>();
  const general: string[] = [];
  for (const issue of issues) {
    const [index, field] = issue.path.split('.');
    const key = index !== undefined && /^\d+$/.test(index) ? sentKeys[Number(index)] : undefined;
    if (key === undefined || !field) {
      general.push(issue.message);
      continue;
    }
    rows.set(key, [...(rows.get(key) ?? []), { field, text: issue.message }]);
  }
  return { rows, general };
}
