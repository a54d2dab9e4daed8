/**
 * A PV as a row or a tile shows it, through one subscription (PvLiveWatch.ts, issue 58): four
 * hooks a row where six hooks over the same store took some 28.
 */
import { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { pvKey } from '../contract/keys.ts';
import type { PvRef } from '../contract/pv.ts';
import { useLiveClient } from './LiveContext.ts';
import {
  PvLiveWatch,
  type PvLiveSnapshot,
  type PvLiveWriter,
  type PvStanding,
} from './PvLiveWatch.ts';

/**
 * Leases the PV (its config, alarm state, value) and its station's live data while mounted.
 * Returns the snapshot (renders when a part or `standing` changes) and the watch
 * (`watch.value()`: the value held now). After each render `writer` writes the value in place
 * and then each new value, without a render.
 *
 * `standing` is read once for the PV (a function of the module, not of the render).
 */
export function usePvLive<S>(
  ref: PvRef,
  standing: PvStanding<S>,
  writer: PvLiveWriter,
): [PvLiveSnapshot<S>, PvLiveWatch<S>] {
  const client = useLiveClient();
  const key = pvKey(ref);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the PV (a new object of the same PV keeps its watch); `standing` is read once
  const watch = useMemo(() => new PvLiveWatch(client, ref, standing), [client, key]);
  const snapshot = useSyncExternalStore(watch.subscribe, watch.getSnapshot, watch.getSnapshot);
  // After every render: the writer may write differently now (config, language), and a render
  // may have replaced what the last write set.
  useLayoutEffect(() => watch.setWriter(writer));
  return [snapshot, watch];
}
