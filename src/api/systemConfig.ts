/** GET /api/SystemConfig/*: plant settings, licence options, password policy. */
import type { LicenseOptions, PasswordPolicy, SystemSettings } from '../contract/auth.ts';
import { API } from '../contract/paths.ts';
import { getJson, takeEarlyJson } from './http.ts';

/** The answer the page's first script asked for (`EARLY_PATHS`) the first time, then afresh. */
export const fetchSystemSettings = () =>
  takeEarlyJson<SystemSettings>(API.system.settings) ??
  getJson<SystemSettings>(API.system.settings);
export const fetchLicenseOptions = () => getJson<LicenseOptions>(API.system.licenseOptions);
export const fetchPasswordPolicy = () => getJson<PasswordPolicy>(API.system.passwordPolicy);
