/** Wires sign-in together: stores, the AuthService, the sign-in flow and its metrics. */
import type { ServerConfig } from '../config.ts';
import type { Db } from '../store/db.ts';
import type { MetricsRegistry } from '../http/metrics.ts';
import { LICENSE_OPTIONS } from '../system/routes.ts';
import { readAuthConfig, type AuthConfig } from './authConfig.ts';
import { PreloginStore } from './PreloginStore.ts';
import { SessionAuthService } from './SessionAuthService.ts';
import { SessionStore } from './SessionStore.ts';
import { SignInFlow } from './SignInFlow.ts';
import { UserStore } from './UserStore.ts';

export interface AuthSetup {
  service: SessionAuthService;
  flow: SignInFlow;
  prelogins: PreloginStore;
  authConfig: AuthConfig;
  /** Lines to print once at start (demo accounts created now). */
  startupNotes: string[];
  /**
   * Where sign-in reads the active PV group registrations for the licence check; the hub
   * module may replace the source (default: PEGEL_LICENSE_ACTIVE_PVGROUPS or 0).
   */
  setActivePvGroupsSource(source: () => number): void;
  /** Tells listeners (the hubs) at once that a session ended, e.g. by logout. */
  onSessionEnded(listener: () => void): void;
  sessionEnded(): void;
}

export function createAuth(deps: {
  config: ServerConfig;
  db: Db;
  metrics: MetricsRegistry;
  now: () => number;
  env?: NodeJS.ProcessEnv;
}): AuthSetup {
  const { config, db, metrics, now } = deps;
  const authConfig = readAuthConfig(LICENSE_OPTIONS, deps.env);
  const users = new UserStore(db);
  const sessions = new SessionStore(db);
  const prelogins = new PreloginStore(authConfig.loginWindowMs);
  const service = new SessionAuthService(users, sessions, now);
  const startupNotes = users.ensureDemoAccounts({
    fixedPassword: config.demoPassword,
    fixedTotpSecret: config.demoTotpSecret,
    domainManaged: authConfig.domainManagedUsers,
    nowMs: now(),
  });

  const logins = metrics.counter('pegel_logins_total', 'Sign-in answers by outcome', ['outcome']);
  metrics.gauge('pegel_sessions_active', 'Sessions whose lease has not ended', [], (set) =>
    set({}, sessions.countActive(now())),
  );
  let activePvGroups = () => authConfig.activePvGroups;
  const flow = new SignInFlow(
    config,
    authConfig,
    users,
    sessions,
    prelogins,
    now,
    () => activePvGroups(),
    (outcome) => logins.inc({ outcome }),
  );
  const sessionEndedListeners: (() => void)[] = [];
  return {
    service,
    flow,
    prelogins,
    authConfig,
    startupNotes,
    setActivePvGroupsSource(source) {
      activePvGroups = source;
    },
    onSessionEnded(listener) {
      sessionEndedListeners.push(listener);
    },
    sessionEnded() {
      for (const listener of sessionEndedListeners) listener();
    },
  };
}
