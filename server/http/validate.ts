/** Request validation with zod: every body and query passes here, bad input becomes a 400. */
import type { z } from 'zod';
import { badRequest } from './errors.ts';

export function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what = 'request',
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map(String).join('.') || what,
    message: i.message,
  }));
  const first = issues[0];
  throw badRequest(
    first ? `Invalid ${what}: ${first.path}: ${first.message}` : `Invalid ${what}`,
    issues,
  );
}
