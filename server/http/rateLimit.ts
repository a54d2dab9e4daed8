/**
 * Rate limits on sign-in and on the expensive endpoints (archive ranges, exports, event
 * ranges; reports and uploads when they register), by @fastify/rate-limit, answered with a
 * clear 429 in the one error shape, `Retry-After` and the `x-ratelimit-*` headers (OWASP ASVS
 * V2.2.1, V11.1.4). The rule table is rateRules.ts; each route of a rule has its own counts,
 * per client: the session cookie when there is one (each session its own budget, so a control
 * room behind one address is not throttled as one), the address otherwise. Sign-in is keyed by
 * address; the per-account lockout (SPEC §8) stays the guard against guessing. A rule allows
 * `burst` requests per `burst / perMinute` minutes: the same sustained rate and burst as the
 * token bucket it replaced. The counts live in the plugin's LRU store (50,000 clients per
 * route, the least recently seen dropped first: no request walks every entry); a store that
 * several instances share (Redis) is one option away.
 */
import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export interface RateRule {
  /** Names the rule in the 429 message. */
  name: string;
  /** Sustained requests per minute; 0 turns the rule off. */
  perMinute: number;
  /** Requests allowed at once before the sustained rate applies. */
  burst: number;
  /** `METHOD /route/pattern` as registered. */
  routes: readonly string[];
  keyBy: 'session' | 'address';
}

/** Clients counted per route at most; the least recently seen go first. */
const MAX_CLIENTS = 50_000;

export const RATE_LIMITED = 'rate_limited';

export async function installRateLimits(
  app: FastifyInstance,
  rules: readonly RateRule[],
  sessionCookieOf: (request: FastifyRequest) => string | null,
): Promise<void> {
  const byRoute = new Map<string, RateRule>();
  for (const rule of rules) {
    if (rule.perMinute <= 0) continue;
    for (const route of rule.routes) byRoute.set(route, rule);
  }
  if (byRoute.size === 0) return;
  // Before the plugin's own onRoute hook: it reads each route's `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const rule = byRoute.get(`${method} ${route.url}`);
      if (!rule) continue;
      const clientOf = (request: FastifyRequest): string => {
        const session = rule.keyBy === 'session' ? sessionCookieOf(request) : null;
        return session
          ? `s:${createHash('sha256').update(session).digest('base64url').slice(0, 22)}`
          : `a:${request.ip}`;
      };
      route.config = {
        ...route.config,
        rateLimit: {
          max: rule.burst,
          timeWindow: Math.round((rule.burst * 60_000) / rule.perMinute),
          keyGenerator: clientOf,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              RATE_LIMITED,
              `Too many requests (${rule.name}): at most ${rule.perMinute} a minute; try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
            ),
        },
      };
    }
  });
  await app.register(fastifyRateLimit, { global: false, cache: MAX_CLIENTS });
}
