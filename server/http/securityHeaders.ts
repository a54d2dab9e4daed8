/**
 * Security headers on every response (DESIGN.md "Security"; OWASP ASVS V14.4): a Content
 * Security Policy without inline scripts except the page's own (allowed by their SHA-256,
 * read from the built index.html), frame-ancestors as configured, no MIME sniffing, a
 * referrer kept to this origin, and HSTS when the server runs behind https.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const index = join(options.distDir, 'index.html');
  const hashes = existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  const directives: Record<string, string[]> = {
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
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const csp = contentSecurityPolicy(options);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (options.https) reply.header('Strict-Transport-Security', 'max-age=31536000');
    return payload;
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
