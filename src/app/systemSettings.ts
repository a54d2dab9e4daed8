/** The plant's settings and licence, loaded once per tab (header, About, Help). */
import { fetchLicenseOptions, fetchSystemSettings } from '../api/systemConfig.ts';
import { createResource } from './resource.ts';

export const systemSettings = createResource(() => fetchSystemSettings());
export const licenseOptions = createResource(() => fetchLicenseOptions());
