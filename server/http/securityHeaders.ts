/**
 * Security headers on every response (DESIGN.md "Security"; OWASP ASVS V14.4), set by
 * @fastify/helmet: Helmet's set (COOP, CORP, Origin-Agent-Cluster, X-Frame-Options, no MIME
 * sniffing, …) with our Content Security Policy, which allows no inline script except the
 * page's own (by their SHA-256, read from the built index.html), frame-ancestors as
 * configured, a referrer kept to this origin, and HSTS only when the server runs behind https.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  distDir: string;
  /** Behind https (PEGEL_SECURE_COOKIES=1): send HSTS. */
  https: boolean;
  /** CSP frame-ancestors: who may frame the app (PEGEL_FRAME_ANCESTORS, default 'self'). */
  frameAncestors: string;
  /** Origins the client fetches from besides its own (a real weather service). */
  connectOrigins: readonly string[];
}

/** SHA-256 sources of the inline scripts of the built page, for script-src. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = m[1] ?? '';
    if (body.trim() === '') continue;
    out.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return out;
}

/** The CSP directives: the page's script hashes are ours, read from the built page. */
export function cspDirectives(options: SecurityHeaderOptions): Record<string, string[]> {
  const index = join(options.distDir, 'index.html');
  const hashes = existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes],
    // React and uPlot set style attributes; no script can come in through them.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Map tiles and webcam images may come from configured servers.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'connect-src': ["'self'", ...options.connectOrigins],
    'worker-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The dashboard's Browser tile shows configured web pages.
    'frame-src': ["'self'", 'https:', 'http:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [options.frameAncestors],
  };
}

/** The policy as one header value (the directives in their order). */
export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  return Object.entries(cspDirectives(options))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * X-Frame-Options for browsers without frame-ancestors: the same answer where one exists
 * (self, none); for a list of other origins it has none, and the CSP alone decides.
 */
function frameOptions(frameAncestors: string): { action: 'sameorigin' | 'deny' } | false {
  if (frameAncestors.trim() === "'self'") return { action: 'sameorigin' };
  if (frameAncestors.trim() === "'none'") return { action: 'deny' };
  return false;
}

export async function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  // Helmet sets the headers in onRequest, on the raw response: answers that leave through it
  // (a streamed list, a hub's negotiate, a file) carry them as every other answer does.
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
    xFrameOptions: frameOptions(options.frameAncestors),
  });
}

/** The origin of a configured URL, or null for a relative or broken one. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}
