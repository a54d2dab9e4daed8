/** GET /api/SystemConfig/*: plant settings, licence options and the password policy. */
import type { FastifyInstance } from 'fastify';
import type { LicenseOptions, PasswordPolicy, SystemSettings } from '../../src/contract/auth.ts';
import { API } from '../../src/contract/paths.ts';
import type { ServerContext } from '../context.ts';

export const PASSWORD_POLICY: PasswordPolicy = {
  minLength: 10,
  requireDigit: true,
  requireUpper: true,
  requireLower: true,
};

export const LICENSE_OPTIONS: LicenseOptions = {
  maxActiveUsers: 25,
  maxActivePvGroupRegistrations: 500,
};

/** The reference plant's name (its settings, its operating manual). */
export const PLANT_NAME = 'Zweckverband Wasserversorgung Talaue';

/**
 * `fieldPlant`: the plant file's plant (PEGEL_PLANT_FILE). Its name replaces the simulated
 * plant's; operator, address and support contacts are the simulated plant's and stay empty.
 */
export function registerSystemRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  fieldPlant?: { name: string },
): void {
  const settings: SystemSettings = fieldPlant
    ? {
        plantName: fieldPlant.name,
        operator: '',
        address: '',
        serverVersion: '1.0.0 (reference plant server, field plant)',
        timeZone: ctx.config.plantTimeZone,
        supportEmail: '',
        supportPhone: '',
      }
    : {
        plantName: PLANT_NAME,
        operator: 'Stadtwerke Talaue GmbH',
        address: 'Am Wasserwerk 1, 01234 Talaue',
        serverVersion: '1.0.0 (reference plant server)',
        timeZone: ctx.config.plantTimeZone,
        supportEmail: 'leitwarte@example.org',
        supportPhone: '+49 351 000000',
      };
  app.get(API.system.settings, async () => settings);
  app.get(API.system.licenseOptions, async () => LICENSE_OPTIONS);
  app.get(API.system.passwordPolicy, async () => PASSWORD_POLICY);
}
