// @vitest-environment happy-dom
/**
 * FR7c with React (issue 44): a frame the gate applies in an animation frame is rendered by
 * React inside that animation frame when the gate's draw scope is `flushSync`, as the tab's
 * LiveClient sets it (src/live/defaultLiveClient.ts, `drawTogether`), so the browser paints it in the same
 * frame. Left to React's scheduler, the render ran in a task after the frame, which the
 * browser then drew in a second main frame of its own.
 */
import { createElement, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  drawTogether,
  FrameGate,
  type DrawScope,
  type RequestFrame,
} from '../../../src/live/frameGate.ts';
import { mountRoot, setActEnvironment, type TestRoot } from '../../support/reactRoot.ts';
import { FakeTimers } from '../../support/engine/FakeTimers.ts';

/** One value and its listeners: what a frame changes, as the tab's store does. */
function valueStore() {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function Shown({ store }: { store: ReturnType<typeof valueStore> }) {
  const value = useSyncExternalStore(store.subscribe, store.get);
  return createElement('output', null, value);
}

let root: TestRoot | null = null;
afterEach(async () => {
  setActEnvironment(true);
  await root?.unmount();
  root = null;
});

async function shownAfterDraw(inDraw: DrawScope | undefined): Promise<string | null> {
  const store = valueStore();
  root = mountRoot();
  await root.render(createElement(Shown, { store }));
  // Updates from here on come from outside React, as a port's message and a browser frame do.
  setActEnvironment(false);
  let draw: (() => void) | null = null;
  const requestFrame: RequestFrame = (callback) => {
    draw = callback;
    return () => (draw = null);
  };
  const gate = new FrameGate<number>(
    (frame) => store.set(frame),
    () => undefined,
    inDraw ? drawTogether(requestFrame, inDraw) : requestFrame,
    new FakeTimers(),
  );
  gate.push(1);
  // The first frame is applied on arrival; let React render it as the scheduler does.
  await new Promise((resolve) => setTimeout(resolve, 20));
  gate.push(2);
  expect(draw).not.toBeNull();
  draw!();
  // What the animation frame's callback left in the document is what the browser paints now.
  return root.container.querySelector('output')!.textContent;
}

describe('FR7c: what a frame held for an animation frame changed is painted in that frame', () => {
  it('FR7c-10: with flushSync as the draw scope, the view shows the frame when the animation frame callback returns', async () => {
    expect(await shownAfterDraw(flushSync)).toBe('2');
  });

  it('FR7c-10b: without it, React renders after the callback (the frame would paint the old value)', async () => {
    expect(await shownAfterDraw(undefined)).toBe('1');
  });
});
