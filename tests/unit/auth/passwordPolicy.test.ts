import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../src/domain/passwordPolicy.ts';

const policy = { minLength: 10, requireDigit: true, requireUpper: true, requireLower: true };
const check = (newPassword: string, newConfirmation = newPassword, oldPassword = 'Old-Pass-2025') =>
  passwordProblems(policy, { oldPassword, newPassword, newConfirmation });

describe('password change rules (SPEC §5 "Password")', () => {
  it('PW1: a good password passes', () => {
    expect(check('Valid-Pass-123')).toEqual([]);
  });
  it('PW1: new and confirmation must match', () => {
    expect(check('Valid-Pass-123', 'Valid-Pass-124')).toEqual(['mismatch']);
  });
  it('PW1: the new password must differ from the old one', () => {
    expect(check('Old-Pass-2025')).toEqual(['sameAsOld']);
  });
  it('PW1: minimum length, digit, upper and lower case are each reported', () => {
    expect(check('Ab1')).toEqual(['tooShort']);
    expect(check('NoDigitsHere')).toEqual(['noDigit']);
    expect(check('lowercase123')).toEqual(['noUpper']);
    expect(check('UPPERCASE123')).toEqual(['noLower']);
    expect(check('abc')).toEqual(['tooShort', 'noDigit', 'noUpper']);
  });
  it('PW1: letters beyond ASCII count as upper and lower case', () => {
    expect(check('ÄÖÜäöü123456')).toEqual([]);
  });
  it('PW1: a rule the policy switches off is not checked', () => {
    expect(
      passwordProblems(
        { minLength: 4, requireDigit: false, requireUpper: false, requireLower: false },
        { oldPassword: 'x', newPassword: 'abcd', newConfirmation: 'abcd' },
      ),
    ).toEqual([]);
  });
});
