import { describe, expect, it } from 'vitest';
import { RETRY_ON_USE_AFTER_MS, createResource } from '../../../src/app/resource.ts';

/** A loader whose answers the test gives, one per call, and a clock the test moves. */
function rig() {
  let clock = 1_000;
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const resource = createResource(
    () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })),
    () => clock,
  );
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    resource,
    pending,
    settle,
    advance: (ms: number) => (clock += ms),
  };
}

describe('createResource', () => {
  it('RS1: loads once for every view that uses it', async () => {
    const { resource, pending, settle } = rig();
    resource.load();
    resource.load();
    expect(pending).toHaveLength(1);
    pending[0]!.resolve('Talaue');
    await settle();
    resource.load();
    expect(pending).toHaveLength(1);
    expect(resource.get()).toEqual({ status: 'ready', data: 'Talaue' });
  });

  it('RS2: a failure stands for views that mount soon after; a retry asks again at once', async () => {
    const { resource, pending, settle, advance } = rig();
    resource.load();
    pending[0]!.reject(new Error('503'));
    await settle();
    expect(resource.get().status).toBe('error');
    // A page's lazy parts mounting after the failure keep the message and its button.
    advance(RETRY_ON_USE_AFTER_MS - 1);
    resource.load();
    expect(pending).toHaveLength(1);
    expect(resource.get().status).toBe('error');
    // The retry button asks again whatever the time.
    resource.load(true);
    expect(pending).toHaveLength(2);
    expect(resource.get().status).toBe('loading');
  });

  it('RS3: a page opened later than RETRY_ON_USE_AFTER_MS after a failure asks again', async () => {
    const { resource, pending, settle, advance } = rig();
    resource.load();
    pending[0]!.reject(new Error('503'));
    await settle();
    advance(RETRY_ON_USE_AFTER_MS);
    resource.load();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('Talaue');
    await settle();
    expect(resource.get()).toEqual({ status: 'ready', data: 'Talaue' });
  });
});
