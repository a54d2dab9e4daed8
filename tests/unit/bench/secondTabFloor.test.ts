/** The first rows' floor pages (bench/harness/secondTabFloor.ts): served beside the build. */
import { describe, expect, it } from 'vitest';
import { ROWS_FLOOR_PAGES, swWithFloor } from '../../../bench/harness/secondTabFloor.ts';
import { SERVER_PATHS } from '../../../scripts/pwa.ts';

describe('first rows floor', () => {
  it('BENCH-ROWSFLOOR1: the copy’s service worker leaves /floor/ to the server, and only that', () => {
    const denied = SERVER_PATHS.source;
    // As the built sw.js writes it: a regular expression literal.
    const patched = swWithFloor(`navigationDenylist:[/${denied}/]`);
    const list = new RegExp(/\[\/(.*)\/\]/.exec(patched)![1]!);
    expect(list.test(ROWS_FLOOR_PAGES.react.path)).toBe(true);
    expect(list.test(ROWS_FLOOR_PAGES.static.path)).toBe(true);
    expect(list.test('/alerts/archive')).toBe(false);
    expect(() => swWithFloor('no denylist here')).toThrow(/denylist/);
  });
});
