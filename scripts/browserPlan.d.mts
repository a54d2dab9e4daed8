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
export declare const FIELD_TOOLS: { pkg: string; path: string; env?: string }[];
export type FieldToolsPlan =
  | { action: 'ready' }
  | { action: 'install'; packages: string[] }
  | { action: 'stop'; message: string };
export declare function fieldToolsPlan(machine: {
  exists: (path: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
  env?: Record<string, string | undefined>;
}): FieldToolsPlan;
