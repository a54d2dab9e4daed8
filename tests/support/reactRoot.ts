/**
 * A React root for component tests (happy-dom): React's act environment on, the root on a new
 * element in the document's body (dialogs and portals are looked up there), and one call that
 * unmounts the root and removes its element.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** Whether React expects its updates inside act() (and warns about those outside). */
export function setActEnvironment(on: boolean): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
}

export interface TestRoot {
  readonly container: HTMLElement;
  readonly root: Root;
  /** Renders `node` inside act(). */
  render(node: ReactNode): Promise<void>;
  /** Unmounts inside act() and removes the container from the document. */
  unmount(): Promise<void>;
}

export function mountRoot(): TestRoot {
  setActEnvironment(true);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  return {
    container,
    root,
    async render(node) {
      await act(() => root.render(node));
    },
    async unmount() {
      await act(() => root.unmount());
      container.remove();
    },
  };
}
