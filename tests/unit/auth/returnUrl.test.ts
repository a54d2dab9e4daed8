import { describe, expect, it } from 'vitest';
import { isSafeReturnUrl, safeReturnUrl } from '../../../src/domain/returnUrl.ts';

describe('returnUrl safety (SPEC §2 "Session redirects", DESIGN.md "Security")', () => {
  it('RU1: same-origin paths with query are kept', () => {
    expect(safeReturnUrl('/stations/12?tab=values&x=%2F')).toBe('/stations/12?tab=values&x=%2F');
    expect(safeReturnUrl('/')).toBe('/');
    expect(safeReturnUrl('/trend/realtime?pv=AnaIn-100001#top')).toBe(
      '/trend/realtime?pv=AnaIn-100001#top',
    );
  });

  it('RU1: other origins, schemes, protocol-relative and control characters become "/"', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/a\nb',
      '/a\tb',
      '/a\u007fb',
      '/a\\b',
      '',
      null,
      undefined,
    ]) {
      expect(isSafeReturnUrl(bad)).toBe(false);
      expect(safeReturnUrl(bad)).toBe('/');
    }
  });

  it('RU3: sign-in pages themselves are not return targets (no loops)', () => {
    expect(safeReturnUrl('/login?returnUrl=/x')).toBe('/');
    expect(safeReturnUrl('/Account/Logout?returnUrl=/x')).toBe('/');
    expect(safeReturnUrl('/loginhelp')).toBe('/loginhelp');
  });
});
