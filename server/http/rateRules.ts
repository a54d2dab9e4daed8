/** Which routes are rate limited, and how much (server/http/rateLimit.ts). */
import type { ServerConfig } from '../config.ts';
import { API } from '../../src/contract/paths.ts';
import { CHART_API } from '../../src/contract/charts.ts';
import { ALERT_API } from '../../src/contract/alerts.ts';
import { REPORT_API } from '../../src/contract/reports.ts';
import { MAINTENANCE_API } from '../../src/contract/maintenance.ts';
import { SYSTEM_EVENTS_PATH } from '../alerts/routes.ts';
import type { RateRule } from './rateLimit.ts';

export function rateRules(config: ServerConfig): RateRule[] {
  return [
    {
      name: 'sign-in',
      perMinute: config.rateSignInPerMinute,
      burst: Math.max(1, Math.ceil(config.rateSignInPerMinute / 3)),
      keyBy: 'address',
      routes: [
        `GET ${API.account.csrf}`,
        `POST ${API.account.login}`,
        `POST ${API.account.verify}`,
      ],
    },
    {
      // Ranges over the archives and the event tables, reports, exports and uploads:
      // each may read or write much.
      name: 'archive ranges and exports',
      perMinute: config.rateHeavyPerMinute,
      burst: Math.max(1, Math.ceil(config.rateHeavyPerMinute / 5)),
      keyBy: 'session',
      routes: [
        `GET ${CHART_API.data}`,
        `POST ${CHART_API.dataAuto}`,
        `POST ${CHART_API.export}`,
        `GET ${ALERT_API.list}`,
        `POST ${ALERT_API.byPvs}`,
        `GET ${ALERT_API.controlEvents}`,
        `GET ${SYSTEM_EVENTS_PATH}`,
        `GET ${REPORT_API.data}`,
        `GET ${REPORT_API.ruebEvents}`,
        `POST ${MAINTENANCE_API.docs}`,
      ],
    },
  ];
}
