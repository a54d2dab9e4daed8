// @vitest-environment happy-dom
/**
 * useLiveKey takes its lease with the store's subscription (src/live/useLiveKey.ts): one lease
 * held while mounted, under StrictMode's mount, unmount and mount again too; a new key gives
 * the old one back; unmounting gives every lease back; a new value renders the component.
 */
import { act, createElement, StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { TabLiveStore } from '../../../src/live/TabLiveStore.ts';
import { useLiveKey } from '../../../src/live/useLiveKey.ts';
import { liveFrame } from '../../support/liveFrame.ts';
import { rootPerTest } from '../../support/reactRoot.ts';

function counter() {
  const held = new Map<string, number>();
  const store = new TabLiveStore();
  const client = {
    store,
    lease: (kind: string, key: string) => {
      const id = `${kind}:${key}`;
      held.set(id, (held.get(id) ?? 0) + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        held.set(id, held.get(id)! - 1);
      };
    },
  } as unknown as LiveClient;
  return { client, store, held: () => [...held].filter(([, n]) => n !== 0) };
}

function Shown({ pvKey }: { pvKey: string }) {
  const value = useLiveKey('pvValue', pvKey, (store, key) => store.getPvValue(key));
  return createElement('span', null, value ? String(value.doubleValue) : '-');
}

describe('useLiveKey', () => {
  const mount = rootPerTest();

  it('LK1: one lease a key while mounted under StrictMode, moved with the key, given back on unmount; a value renders', async () => {
    const mounted = mount();
    const { client, store, held } = counter();
    const tree = (pvKey: string) =>
      createElement(
        StrictMode,
        null,
        createElement(LiveContext.Provider, { value: client }, createElement(Shown, { pvKey })),
      );
    await mounted.render(tree('ai1'));
    expect(held()).toEqual([['pvValue:ai1', 1]]);
    act(() => {
      store.apply(
        liveFrame({
          pvValues: [
            {
              pvRef: { type: 'AnaIn', nr: 1 },
              typeOfValue: 'DoubleValue',
              doubleValue: 4,
              quality: 'Good',
              timestamp: Date.now(),
            },
          ],
        }),
      );
    });
    expect(mounted.container.textContent).toBe('4');
    await mounted.render(tree('ai2'));
    expect(held()).toEqual([['pvValue:ai2', 1]]);
    await mounted.unmount();
    expect(held()).toEqual([]);
  });
});
