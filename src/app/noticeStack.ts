/**
 * The tab's notices after actions, newest last, shown at the foot of every page by the shell
 * (the view loads with the first notice: src/features/shared/actions/ActionNotice.tsx). Kept here,
 * not in a page, so that a notice that follows a command outlives the page it was sent from:
 * the operator who switches a pump on and moves to the next page still learns that the plant
 * did not follow. Commands sent one after another each keep their notice (two pumps switched
 * within seconds: the first one's warning is not lost to the second's notice); a new command
 * to the same outputs replaces the older notice that followed only them.
 */
import { proxy, ref, useSnapshot } from 'valtio';
import { pvKey } from '../contract/keys.ts';
import type { CommandWatch } from '../features/shared/actions/commandFeedback.ts';

/** What a page leaves to show after an action: its text and the reports to follow, if any. */
export interface Notice {
  message: string;
  watches?: readonly CommandWatch[];
}

export interface KeptNotice extends Notice {
  id: number;
}

/** At most this many notices stand at once; the oldest goes first. */
const MAX_NOTICES = 5;

/**
 * The list is replaced, never changed in place, and kept out of valtio's deep proxies (`ref`):
 * a notice's watches hold the PV configs the command was sent with, as they were.
 */
const stack = proxy<{ notices: readonly KeptNotice[] }>({ notices: ref([]) });
let nextId = 0;

function set(next: readonly KeptNotice[]): void {
  stack.notices = ref(next as KeptNotice[]);
}

export function addNotice(notice: Notice): void {
  const pvs = new Set((notice.watches ?? []).map((w) => pvKey(w.config.pvRef)));
  const kept = stack.notices.filter(
    (n) => !n.watches?.length || !n.watches.every((w) => pvs.has(pvKey(w.config.pvRef))),
  );
  set([...kept, { ...notice, id: ++nextId }].slice(-MAX_NOTICES));
}

/** The notice after one action: its text, and for a value sent to an output its report. */
export function noticeAfter(message: string, watch?: CommandWatch | null): void {
  addNotice({ message, watches: watch ? [watch] : [] });
}

export function removeNotice(id: number): void {
  if (stack.notices.some((n) => n.id === id)) set(stack.notices.filter((n) => n.id !== id));
}

export function useNotices(): readonly KeptNotice[] {
  return useSnapshot(stack).notices;
}
