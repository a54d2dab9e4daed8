/** Types of browserPlan.mjs (a plain module: `npm test` runs it before anything is built). */
export declare const DEFAULT_CHROMIUM: string;
export declare const APT_INSTALL: string[];
export type BrowserPlan =
  | { action: 'ready'; path: string }
  | { action: 'install'; path: string }
  | { action: 'stop'; message: string };
export declare function browserPlan(machine: {
  configured: string | undefined;
  exists: (path: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}): BrowserPlan;
