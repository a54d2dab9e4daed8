/** What every route module of the server receives. */
import type { ServerConfig } from './config.ts';
import type { Db } from './store/db.ts';
import type { MetricsRegistry } from './http/metrics.ts';
import type { AuthService } from './auth/service.ts';
import type { AuditFn } from './alerts/EventArchive.ts';

export interface ServerContext {
  config: ServerConfig;
  db: Db;
  metrics: MetricsRegistry;
  auth: AuthService;
  /** Injected clock (epoch ms), so tests can move time. */
  now: () => number;
  /**
   * Records a system event (audit: logins, acknowledgements, set values, dial actions) in the
   * system event archive; with `control` also a control event. Optional so that in-process
   * tests may leave it out; buildServer always sets it.
   */
  audit?: AuditFn;
}
