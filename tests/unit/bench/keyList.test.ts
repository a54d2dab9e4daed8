import { describe, expect, it } from 'vitest';
import { formatKeyList, parseKeyList } from '../../../bench/baseline/keyList.ts';
import { cookiesForBrowser } from '../../../bench/harness/cookies.ts';
import { cookieHeaderOf } from '../../../bench/harness/signIn.ts';

describe('bench key lists and cookies', () => {
  it('BENCH-KEY1: consecutive keys compress to ranges and read back unchanged', () => {
    const keys = ['ai100001', 'ai100002', 'ai100003', 'di5', 'ai7', 'ai8', 'st12'];
    const text = formatKeyList(keys);
    expect(text).toBe('ai100001..ai100003,di5,ai7..ai8,st12');
    expect(parseKeyList(text)).toEqual(keys);
    expect(parseKeyList('')).toEqual([]);
  });

  it('BENCH-COOKIE1: a Cookie or Set-Cookie header becomes browser cookies for the origin', () => {
    const cookies = cookiesForBrowser(
      'pegel_session=abc; Path=/; HttpOnly; csrf=x=y',
      'http://127.0.0.1:4000',
    );
    expect(cookies.map((c) => [c.name, c.value, c.domain])).toEqual([
      ['pegel_session', 'abc', '127.0.0.1'],
      ['csrf', 'x=y', '127.0.0.1'],
    ]);
  });

  it('BENCH-COOKIE2: sign-in helpers may return a header or an object carrying one', () => {
    expect(cookieHeaderOf('a=1')).toBe('a=1');
    expect(cookieHeaderOf({ cookie: 'a=1' })).toBe('a=1');
    expect(cookieHeaderOf({ cookies: ['a=1', 'b=2'] })).toBe('a=1; b=2');
    expect(() => cookieHeaderOf({})).toThrow(/no cookie header/);
  });
});
