/**
 * Rate limits on sign-in and on the expensive endpoints (archive ranges, exports, event
 * ranges; reports and uploads when they register), answered with a clear 429 in the one error
 * shape and a `Retry-After` header (OWASP ASVS V2.2.1, V11.1.4). A token bucket per rule and
 * client: the session cookie when there is one (each session its own budget, so a control
 * room behind one address is not throttled as one), the address otherwise. Sign-in is keyed by
 * address; the per-account lockout (SPEC §8) stays the guard against guessing.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export interface RateRule {
  /** Names the rule in the 429 message and in the bucket key. */
  name: string;
  /** Sustained requests per minute; 0 turns the rule off. */
  perMinute: number;
  /** Requests allowed at once before the sustained rate applies. */
  burst: number;
  /** `METHOD /route/pattern` as registered (`request.routeOptions.url`). */
  routes: readonly string[];
  keyBy: 'session' | 'address';
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept at most; full ones are dropped first when the table grows past it. */
const MAX_BUCKETS = 50_000;

export const RATE_LIMITED = 'rate_limited';

export function installRateLimits(
  app: FastifyInstance,
  rules: readonly RateRule[],
  sessionCookieOf: (request: FastifyRequest) => string | null,
  now: () => number = Date.now,
): void {
  const byRoute = new Map<string, RateRule>();
  for (const rule of rules) {
    if (rule.perMinute <= 0) continue;
    for (const route of rule.routes) byRoute.set(route, rule);
  }
  if (byRoute.size === 0) return;
  const buckets = new Map<string, Bucket>();

  const take = (key: string, rule: RateRule, at: number): number => {
    const perMs = rule.perMinute / 60_000;
    const old = buckets.get(key);
    const tokens = old ? Math.min(rule.burst, old.tokens + (at - old.at) * perMs) : rule.burst;
    if (tokens >= 1) {
      buckets.set(key, { tokens: tokens - 1, at });
      return 0;
    }
    buckets.set(key, { tokens, at });
    return Math.ceil((1 - tokens) / perMs / 1000);
  };

  const prune = (at: number) => {
    for (const [key, bucket] of buckets) {
      const rule = byRoute.get(key.slice(0, key.indexOf('|')));
      if (!rule || bucket.tokens + (at - bucket.at) * (rule.perMinute / 60_000) >= rule.burst)
        buckets.delete(key);
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const rule = byRoute.get(route);
    if (!rule) return;
    const session = rule.keyBy === 'session' ? sessionCookieOf(request) : null;
    const client = session
      ? `s:${createHash('sha256').update(session).digest('base64url').slice(0, 22)}`
      : `a:${request.ip}`;
    const at = now();
    if (buckets.size >= MAX_BUCKETS) prune(at);
    const waitSeconds = take(`${route}|${client}`, rule, at);
    if (waitSeconds === 0) return;
    reply.header('Retry-After', String(waitSeconds));
    throw new ApiError(
      429,
      RATE_LIMITED,
      `Too many requests (${rule.name}): at most ${rule.perMinute} a minute; try again in ${waitSeconds} s`,
    );
  });
}
