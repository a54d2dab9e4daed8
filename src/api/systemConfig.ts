/** GET /api/SystemConfig/*: plant settings, licence options, password policy. */
import type { LicenseOptions, PasswordPolicy, SystemSettings } from '../contract/auth.ts';
import { API } from '../contract/paths.ts';
import { getJson } from './http.ts';

export const fetchSystemSettings = () => getJson<SystemSettings>(API.system.settings);
export const fetchLicenseOptions = () => getJson<LicenseOptions>(API.system.licenseOptions);
export const fetchPasswordPolicy = () => getJson<PasswordPolicy>(API.system.passwordPolicy);
