/** Route guards for every route module: who is signed in, and may they do this. */
import type { FastifyRequest } from 'fastify';
import type { Right } from '../../src/contract/auth.ts';
import type { ServerContext } from '../context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { hasRight, type SessionUser } from './service.ts';

/** The signed-in user, or a 401 in the one error shape. */
export function requireUser(ctx: ServerContext, request: FastifyRequest): SessionUser {
  const user = ctx.auth.userOf(request);
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in user holding `right` (admin holds all), else 401 / 403. */
export function requireRight(
  ctx: ServerContext,
  request: FastifyRequest,
  right: Right,
): SessionUser {
  const user = requireUser(ctx, request);
  if (!hasRight(user, right)) throw forbidden(`Insufficient rights: ${right} required`);
  return user;
}
