// @vitest-environment happy-dom
/**
 * The tab's one LiveClient (src/live/defaultLiveClient.ts) renders what a frame held for an
 * animation frame changed inside that frame: its frame gates' draw scope is React's
 * flushSync (FR7c, issue 44; FR7c-10 shows what that does).
 */
import { flushSync } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import type { LiveClientOptions } from '../../../src/live/LiveClient.ts';

const created: LiveClientOptions[] = [];

vi.mock('../../../src/live/connectEngine.ts', () => ({
  connectEngine: () => new Promise(() => undefined),
  reconnectEngine: () => new Promise(() => undefined),
}));
vi.mock('../../../src/live/LiveClient.ts', () => ({
  LiveClient: class {
    readonly probe = { snapshot: () => null, reset: () => undefined };
    constructor(_connection: unknown, options: LiveClientOptions) {
      created.push(options);
    }
  },
}));

describe('the default LiveClient', () => {
  it('FR7c-11: applies frames held for an animation frame inside flushSync', async () => {
    const { getDefaultLiveClient } = await import('../../../src/live/defaultLiveClient.ts');
    getDefaultLiveClient();
    expect(created).toHaveLength(1);
    expect(created[0]!.inDraw).toBe(flushSync);
  });
});
