/**
 * Sign-in and session calls (DESIGN.md "Sign-in calls", SPEC §7 "User and system") and the
 * global CSRF check of every state-changing /api/ call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type {
  CsrfResponse,
  LoginResponse,
  RightsInfo,
  StatusResult,
  UserInfo,
} from '../../src/contract/auth.ts';
import { API, CSRF_HEADER } from '../../src/contract/paths.ts';
import { CHART_API } from '../../src/contract/charts.ts';
import { TEXT_MESSAGE_API } from '../../src/contract/actions.ts';
import { safeReturnUrl } from '../../src/domain/returnUrl.ts';
import { passwordProblems, type PasswordProblem } from '../../src/domain/passwordPolicy.ts';
import type { ServerContext } from '../context.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { PASSWORD_POLICY } from '../system/routes.ts';
import type { AuthSetup } from './createAuth.ts';
import { PRELOGIN_COOKIE, readCookie, SESSION_COOKIE } from './cookies.ts';
import { verifyPassword } from './passwords.ts';
import { ROLE_RIGHTS, stationsOf } from './roles.ts';
import type { ActiveSession } from './SessionAuthService.ts';
import { sameToken } from './SignInFlow.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** These carry their own pre-login token in the body instead of a session's header. */
const OWN_TOKEN_PATHS = new Set<string>([API.account.login, API.account.verify]);
/**
 * POSTs that only read (a list of refs in the body): the shared engine sends them from its
 * worker, which holds no session's CSRF token. The SameSite=Strict session cookie still keeps
 * other sites out, and they change nothing.
 */
const READ_ONLY_POSTS = new Set<string>([
  API.pv.configs,
  CHART_API.dataAuto,
  CHART_API.firstDatePvs,
  CHART_API.lastDatePvs,
  TEXT_MESSAGE_API.get,
]);

const loginBody = z.object({
  csrfToken: z.string().max(200),
  recaptchaToken: z.string().max(4000).default(''),
  username: z.string().max(200),
  password: z.string().max(1000),
});
const verifyBody = z.object({ code: z.string().max(20) });
const changePasswordBody = z.object({
  oldPassword: z.string().max(1000),
  newPassword: z.string().max(1000),
  newConfirmation: z.string().max(1000),
});
const logoutQuery = z.object({ returnUrl: z.string().optional() });

const PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  mismatch: 'passwords do not match',
  sameAsOld: 'the new password must differ from the previous one',
  tooShort: `the new password needs at least ${PASSWORD_POLICY.minLength} characters`,
  noDigit: 'the new password needs a digit',
  noUpper: 'the new password needs an upper-case letter',
  noLower: 'the new password needs a lower-case letter',
};

export function registerAuthRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  auth: AuthSetup,
): void {
  const { config } = ctx;
  const cookieBase = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.secureCookies,
  };

  function requireSession(request: FastifyRequest): ActiveSession {
    const active = auth.service.sessionOf(request);
    if (!active) throw unauthorized();
    return active;
  }

  app.addHook('onRequest', async (request) => {
    // The CSRF token belongs to the real session service; in-process tests that replace it
    // (buildServer's `auth` option) authenticate without sessions, so there is no token.
    if (ctx.auth !== auth.service) return;
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || OWN_TOKEN_PATHS.has(path) || READ_ONLY_POSTS.has(path)) return;
    const active = requireSession(request);
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !sameToken(token, active.session.csrfToken))
      throw new HttpError(403, 'csrf', `Missing or wrong ${CSRF_HEADER} header`);
  });

  app.get(API.account.csrf, async (_request, reply): Promise<CsrfResponse> => {
    const { id, csrfToken } = auth.prelogins.open(ctx.now());
    reply.header('Cache-Control', 'no-store');
    reply.setCookie(PRELOGIN_COOKIE, id, {
      ...cookieBase,
      path: '/api/Account',
      maxAge: Math.ceil((2 * auth.authConfig.loginWindowMs) / 1000),
    });
    return { csrfToken };
  });

  app.post(API.account.login, async (request): Promise<LoginResponse> => {
    const body = parse(loginBody, request.body, 'login');
    return auth.flow.login(readCookie(request.headers.cookie, PRELOGIN_COOKIE), body);
  });

  app.post(API.account.verify, async (request, reply): Promise<LoginResponse> => {
    const { code } = parse(verifyBody, request.body, 'verify');
    const result = auth.flow.verify(readCookie(request.headers.cookie, PRELOGIN_COOKIE), code);
    if (result.sessionCookie) {
      reply.clearCookie(PRELOGIN_COOKIE, { ...cookieBase, path: '/api/Account' });
      reply.setCookie(SESSION_COOKIE, result.sessionCookie, { ...cookieBase, path: '/' });
      const user = auth.service.userOf({
        headers: { cookie: `${SESSION_COOKIE}=${result.sessionCookie}` },
      });
      ctx.audit?.({
        category: 'Login',
        user: user?.username ?? null,
        text: 'Anmeldung',
        message: { key: 'signIn', params: {} },
      });
    }
    return result.response;
  });

  app.get(API.logout, async (request, reply: FastifyReply) => {
    const { returnUrl } = parse(logoutQuery, request.query, 'query');
    const active = auth.service.sessionOf(request);
    if (active) {
      auth.service.sessions.delete(active.session.key);
      ctx.audit?.({
        category: 'Logout',
        user: active.user.username,
        text: 'Abmeldung',
        message: { key: 'signOut', params: {} },
      });
      // Hub connections of the ended session close now, not at the next periodic check.
      auth.sessionEnded();
    }
    reply.clearCookie(SESSION_COOKIE, { ...cookieBase, path: '/' });
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(`/login?returnUrl=${encodeURIComponent(safeReturnUrl(returnUrl))}`, 302);
  });

  app.get(API.user.info, async (request, reply): Promise<UserInfo> => {
    const { row, session } = requireSession(request);
    reply.header('Cache-Control', 'no-store');
    return {
      username: row.username,
      displayName: row.displayName,
      role: row.role,
      domainManaged: row.domainManaged,
      autoLogoutMs: config.autoLogoutMs,
      leaseExpiresAt: session.expiresAt,
      csrfToken: session.csrfToken,
    };
  });

  app.get(API.user.rights, async (request, reply): Promise<RightsInfo> => {
    const { row } = requireSession(request);
    reply.header('Cache-Control', 'no-store');
    const stations = stationsOf(row.role);
    return {
      rights: [...ROLE_RIGHTS[row.role]],
      stations: stations === null ? null : [...stations],
    };
  });

  app.post(API.user.renewLease, async (request) => {
    const { session } = requireSession(request);
    const leaseExpiresAt = ctx.now() + config.sessionLeaseMs;
    auth.service.sessions.extend(session.key, leaseExpiresAt);
    return { leaseExpiresAt };
  });

  app.post(API.user.changePassword, async (request): Promise<StatusResult> => {
    const { row } = requireSession(request);
    const body = parse(changePasswordBody, request.body, 'change-password');
    if (row.domainManaged)
      return {
        status: 'Failed',
        message: 'This password is managed by your domain; change it there.',
      };
    if (!(await verifyPassword(body.oldPassword, row.passwordHash)))
      return { status: 'Failed', message: 'the previous password is wrong' };
    const problems = passwordProblems(PASSWORD_POLICY, body);
    if (problems.length > 0)
      return { status: 'Failed', message: problems.map((p) => PROBLEM_MESSAGES[p]).join('; ') };
    await auth.service.users.setPassword(row.id, body.newPassword, ctx.now());
    return { status: 'Success', message: null };
  });
}
