/**
 * A React root for component tests (happy-dom): React's act environment on, the root on a new
 * element in the document's body (dialogs and portals are looked up there), and one call that
 * unmounts the root and removes its element; `rootPerTest` unmounts each test's roots after it.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

/** Whether React expects its updates inside act() (and warns about those outside). */
export function setActEnvironment(on: boolean): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
}

export interface TestRoot {
  readonly container: HTMLElement;
  readonly root: Root;
  /** Renders `node` inside act(). */
  render(node: ReactNode): Promise<void>;
  /** Unmounts inside act() and removes the container from the document (once; again is a no-op). */
  unmount(): Promise<void>;
}

export function mountRoot(): TestRoot {
  setActEnvironment(true);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  let mounted = true;
  return {
    container,
    root,
    async render(node) {
      await act(() => root.render(node));
    },
    async unmount() {
      if (!mounted) return;
      mounted = false;
      await act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * For a `describe` block: a function that mounts a new root, each of which is unmounted after
 * the test that mounted it.
 */
export function rootPerTest(): () => TestRoot {
  const open: TestRoot[] = [];
  afterEach(async () => {
    for (const root of open.splice(0)) await root.unmount();
  });
  return () => {
    const root = mountRoot();
    open.push(root);
    return root;
  };
}
