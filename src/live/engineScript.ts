/**
 * The shared engine's script as built (a path on this origin). Its name carries a hash of the
 * engine's code: two builds with the same engine code share one engine; another engine is
 * another worker (the version rule, src/app/update/updateRules.ts PWA2). Loaded only with
 * the update module, after the first render.
 */
import engineScript from '../../workers/engine.worker.ts?sharedworker&url';

export function engineScriptPath(): string {
  return new URL(engineScript, window.location.href).pathname;
}
