/**
 * Maintenance rules of the client (SPEC §3 "Maintenance config", "Maintenance lifecycle
 * entry", "External document"; §5 "Forms"; §8 "not saved: life cycle", "upload cancelled"):
 * the next service due, life-cycle drafts and their one save batch, upload pre-checks.
 * Rules MT1-MT9, tests in tests/unit/maintenance/maintenanceRules.test.ts.
 */
import { SERVICE_MESSAGE_TYPES, type ServiceMessageType } from '../contract/enums.ts';
import type {
  LifecycleEntry,
  LifecycleEntryInput,
  LifecycleKind,
  LifecycleSaveRequest,
  LifecycleSaveResult,
  MaintenanceConfig,
  MaintenanceConfigSet,
} from '../contract/maintenance.ts';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES } from '../contract/maintenance.ts';
import type { PvRef } from '../contract/pv.ts';
import {
  checkDateBounds,
  dateBoundsAround,
  requireDate,
  requireDescription,
} from './validation/forms.ts';
import type { RuleMessage } from './validation/ruleMessage.ts';
import { fromNaiveMs, toWallTime, wallToNaiveMs } from './clock.ts';

/** Share of the interval left below which a service counts as soon due. */
export const SOON_DUE_SHARE = 0.1;

export type ServiceState = 'overdue' | 'soon' | 'ok';

/** MT1: overdue at or below zero, soon within the last tenth of its span, else ok. */
export function serviceState(config: MaintenanceConfig): ServiceState {
  if (config.remainingTime <= 0) return 'overdue';
  const span = config.runtimeEndType === 'Absolute' ? config.targetRuntime : config.runtimeHours;
  return span > 0 && config.remainingTime / span <= SOON_DUE_SHARE ? 'soon' : 'ok';
}

/** The configured service types of a machine in the order uwm, muwm, mowm, owm. */
export function configList(set: MaintenanceConfigSet | null | undefined): MaintenanceConfig[] {
  if (!set) return [];
  return SERVICE_MESSAGE_TYPES.map((t) => set[t]).filter(
    (c): c is MaintenanceConfig => !!c && !c.notSet,
  );
}

/**
 * MT2: the next service due: an overdue one first (the most overdue by share of its span),
 * else the one with the least share of its span left (hours and cycles compare by share).
 */
export function nextServiceDue(
  set: MaintenanceConfigSet | null | undefined,
): MaintenanceConfig | null {
  const share = (c: MaintenanceConfig) => {
    const span = c.runtimeEndType === 'Absolute' ? c.targetRuntime : c.runtimeHours;
    return span > 0 ? c.remainingTime / span : c.remainingTime;
  };
  let best: MaintenanceConfig | null = null;
  for (const c of configList(set)) if (!best || share(c) < share(best)) best = c;
  return best;
}

/** `datetime-local` text of an instant on the plant's wall clock. */
export function toPlantInput(ms: number, zone: string): string {
  return new Date(wallToNaiveMs(toWallTime(ms, zone))).toISOString().slice(0, 16);
}

/** MT3: the instant of a `datetime-local` text on the plant's wall clock; null when invalid. */
export function fromPlantInput(text: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(naive);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return fromNaiveMs(naive, zone);
}

/** One row of the life-cycle editor: a stored entry or a new one, as the user typed it. */
export interface LifecycleDraft {
  /** Stable key of the row in the editor. */
  key: string;
  /** Null for a row not saved yet. */
  id: number | null;
  /** `datetime-local` text in plant time. */
  when: string;
  kind: LifecycleKind;
  description: string;
  performedBy: string;
  serviceMessageType: ServiceMessageType | '';
  deleted: boolean;
  /** The stored entry the row started from. */
  original: LifecycleEntry | null;
}

export function draftOf(entry: LifecycleEntry, zone: string): LifecycleDraft {
  return {
    key: `e${entry.id}`,
    id: entry.id,
    when: toPlantInput(entry.maintenanceTimestamp, zone),
    kind: entry.kind,
    description: entry.description,
    performedBy: entry.performedBy,
    serviceMessageType: entry.serviceMessageType ?? '',
    deleted: false,
    original: entry,
  };
}

let newRows = 0;
export function newDraft(now: number, zone: string, performedBy: string): LifecycleDraft {
  return {
    key: `n${++newRows}`,
    id: null,
    when: toPlantInput(now, zone),
    kind: 'Maintenance',
    description: '',
    performedBy,
    serviceMessageType: '',
    deleted: false,
    original: null,
  };
}

/** MT4: a row is save-pending when it is new, marked deleted, or differs from its entry. */
export function isPending(row: LifecycleDraft, zone: string): boolean {
  if (row.deleted) return row.id !== null;
  if (!row.original) return true;
  const o = draftOf(row.original, zone);
  return (
    o.when !== row.when ||
    o.kind !== row.kind ||
    o.description !== row.description ||
    o.performedBy !== row.performedBy ||
    o.serviceMessageType !== row.serviceMessageType
  );
}

/**
 * MT5: how far a life-cycle entry may lie from now — the server refuses the same: back to the
 * life of the oldest machines of a plant (50 years), ahead at most a year (a planned service).
 */
export const lifecycleDateBounds = (now: number) => dateBoundsAround(now, 50, 1);

/** MT5: the messages of one row (description, a valid date not too far away), by field. */
export function validateDraft(row: LifecycleDraft, now: number, zone: string): RuleMessage[] {
  if (row.deleted) return [];
  const messages: RuleMessage[] = [];
  const d = requireDescription(row.description);
  if (d) messages.push(d);
  const at = fromPlantInput(row.when, zone);
  const when =
    at === null ? requireDate(at, 'when') : checkDateBounds(at, lifecycleDateBounds(now), 'when');
  if (when) messages.push(when);
  return messages;
}

function inputOf(row: LifecycleDraft, zone: string): LifecycleEntryInput {
  return {
    maintenanceTimestamp: fromPlantInput(row.when, zone)!,
    kind: row.kind,
    description: row.description.trim(),
    performedBy: row.performedBy.trim(),
    serviceMessageType: row.serviceMessageType || null,
  };
}

/** MT6: the one save batch of the editor: new rows, changed rows, rows marked deleted. */
export function buildSaveRequest(
  ref: PvRef,
  rows: readonly LifecycleDraft[],
  zone: string,
): LifecycleSaveRequest {
  const pending = rows.filter((r) => isPending(r, zone));
  return {
    pvType: ref.type,
    pvNr: ref.nr,
    entriesToCreate: pending
      .filter((r) => r.id === null && !r.deleted)
      .map((r) => inputOf(r, zone)),
    entriesToUpdate: pending
      .filter((r) => r.id !== null && !r.deleted)
      .map((r) => ({ ...inputOf(r, zone), id: r.id! })),
    idsToDelete: pending.filter((r) => r.id !== null && r.deleted).map((r) => r.id!),
  };
}

/**
 * MT7: after a successful save the rows become the stored entries (new rows take their
 * created entries in order, deleted rows go); after a failure the rows stay as typed.
 */
export function applySaveResult(
  rows: readonly LifecycleDraft[],
  result: LifecycleSaveResult,
  zone: string,
): LifecycleDraft[] {
  if (result.status !== 'Success') return [...rows];
  const created = [...result.created];
  const updated = new Map(result.updated.map((e) => [e.id, e]));
  const deleted = new Set(result.deletedIds);
  const out: LifecycleDraft[] = [];
  for (const row of rows) {
    if (row.id !== null && deleted.has(row.id)) continue;
    if (row.id === null) {
      if (row.deleted) continue;
      const entry = isPending(row, zone) ? created.shift() : undefined;
      out.push(entry ? draftOf(entry, zone) : row);
      continue;
    }
    const u = updated.get(row.id);
    out.push(u ? draftOf(u, zone) : row);
  }
  return out;
}

/** SPEC §9: a storage card's remaining life below this share is warned about. */
export const STORAGE_CARD_WARNING_PERCENT = 20;

/** MT9: a storage card is warned about below 20 % of its life left (SPEC §9). */
export function storageCardWarning(lifePercent: number): boolean {
  return lifePercent < STORAGE_CARD_WARNING_PERCENT;
}

export type UploadProblem = 'tooLarge' | 'wrongType' | 'empty';

/** MT8: a file the server would refuse, told before it is sent. */
export function checkUploadFile(file: { size: number; type: string }): UploadProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > MAX_DOCUMENT_BYTES) return 'tooLarge';
  if (file.type && !(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type))
    return 'wrongType';
  return null;
}
