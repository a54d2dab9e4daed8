/** Password change rules of SPEC §5 "Password", shared by the client form and the server. */
import type { ChangePasswordRequest, PasswordPolicy } from '../contract/auth.ts';

export const PASSWORD_PROBLEMS = [
  'mismatch',
  'sameAsOld',
  'tooShort',
  'noDigit',
  'noUpper',
  'noLower',
] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

/** Every rule the new password breaks, in the order of SPEC §5 (empty when it is fine). */
export function passwordProblems(
  policy: PasswordPolicy,
  request: ChangePasswordRequest,
): PasswordProblem[] {
  const { oldPassword, newPassword, newConfirmation } = request;
  const problems: PasswordProblem[] = [];
  if (newPassword !== newConfirmation) problems.push('mismatch');
  if (newPassword === oldPassword) problems.push('sameAsOld');
  if (newPassword.length < policy.minLength) problems.push('tooShort');
  if (policy.requireDigit && !/\p{Nd}/u.test(newPassword)) problems.push('noDigit');
  if (policy.requireUpper && !/\p{Lu}/u.test(newPassword)) problems.push('noUpper');
  if (policy.requireLower && !/\p{Ll}/u.test(newPassword)) problems.push('noLower');
  return problems;
}
