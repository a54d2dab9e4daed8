/**
 * Favorites and recently visited pages per user over SQLite (SPEC §2): the favorites are
 * replaced as one ordered list in one transaction; a visit moves its page to the top of the
 * recent list, which keeps the last ten. A page's subject (a station's or PV's name) is kept
 * beside its title, for clients to name the page by kind and subject in any language.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  APP_PATH,
  MAX_FAVORITES,
  MAX_RECENT,
  USER_PAGES_API,
  type SavedPage,
  type UserPages,
} from '../../src/contract/userPages.ts';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import { parse } from '../http/validate.ts';

const page = z.strictObject({
  path: z.string().regex(APP_PATH, 'an address inside the app, starting with /'),
  title: z.string().trim().min(1).max(200),
  subject: z.string().trim().min(1).max(200).optional(),
});
const favoritesBody = z.strictObject({ pages: z.array(page).max(MAX_FAVORITES) });

type Kind = 'favorite' | 'recent';
interface Row {
  path: string;
  title: string;
  subject: string | null;
  at: number;
}

export function registerUserPages(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const read = db.prepare<[number, Kind], Row>(
    'SELECT path, title, subject, at FROM user_pages WHERE user_id = ? AND kind = ? ORDER BY position',
  );
  const clear = db.prepare<[number, Kind]>('DELETE FROM user_pages WHERE user_id = ? AND kind = ?');
  const insert = db.prepare<[number, Kind, number, string, string, string | null, number]>(
    'INSERT INTO user_pages (user_id, kind, position, path, title, subject, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const list = (userId: number, kind: Kind): SavedPage[] =>
    read.all(userId, kind).map(({ subject, ...p }) => (subject === null ? p : { ...p, subject }));
  const replace = db.transaction((userId: number, kind: Kind, pages: SavedPage[]) => {
    clear.run(userId, kind);
    pages.forEach((p, i) => insert.run(userId, kind, i, p.path, p.title, p.subject ?? null, p.at));
  });
  const both = (userId: number): UserPages => ({
    favorites: list(userId, 'favorite'),
    recent: list(userId, 'recent'),
  });

  app.get(USER_PAGES_API.list, async (request): Promise<UserPages> => {
    return both(requireUser(ctx, request).userId);
  });

  app.put(USER_PAGES_API.favorites, async (request): Promise<UserPages> => {
    const user = requireUser(ctx, request);
    const { pages } = parse(favoritesBody, request.body);
    const held = new Map(list(user.userId, 'favorite').map((p) => [p.path, p.at]));
    const seen = new Set<string>();
    const unique = pages.filter((p) => !seen.has(p.path) && seen.add(p.path));
    replace(
      user.userId,
      'favorite',
      unique.map((p) => ({ ...p, at: held.get(p.path) ?? ctx.now() })),
    );
    return both(user.userId);
  });

  app.post(USER_PAGES_API.recent, async (request): Promise<UserPages> => {
    const user = requireUser(ctx, request);
    const visit = parse(page, request.body);
    const rest = list(user.userId, 'recent').filter((p) => p.path !== visit.path);
    replace(user.userId, 'recent', [{ ...visit, at: ctx.now() }, ...rest].slice(0, MAX_RECENT));
    return both(user.userId);
  });
}
