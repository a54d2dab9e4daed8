/**
 * The German texts (the source language) as one type: the union of the files of
 * locales/de/ (src/app/localeAreas.ts). Translation keys are typed from it (i18next.d.ts);
 * a new area file must be added here, or its keys do not compile.
 */
import type aboutTexts from '../../locales/de/about.json';
import type actionsTexts from '../../locales/de/actions.json';
import type alarmStateTexts from '../../locales/de/alarmState.json';
import type alertsTexts from '../../locales/de/alerts.json';
import type authTexts from '../../locales/de/auth.json';
import type chartsTexts from '../../locales/de/charts.json';
import type dashboardTexts from '../../locales/de/dashboard.json';
import type energyTexts from '../../locales/de/energy.json';
import type filtersTexts from '../../locales/de/filters.json';
import type helpTexts from '../../locales/de/help.json';
import type leakageTexts from '../../locales/de/leakage.json';
import type maintenanceTexts from '../../locales/de/maintenance.json';
import type platformTexts from '../../locales/de/platform.json';
import type processImagesTexts from '../../locales/de/processImages.json';
import type remoteAlarmTexts from '../../locales/de/remoteAlarm.json';
import type reportsTexts from '../../locales/de/reports.json';
import type resultsTexts from '../../locales/de/results.json';
import type safeOpsTexts from '../../locales/de/safeOps.json';
import type settingsTexts from '../../locales/de/settings.json';
import type shellTexts from '../../locales/de/shell.json';
import type stationsTexts from '../../locales/de/stations.json';
import type validationTexts from '../../locales/de/validation.json';
import type webcamTexts from '../../locales/de/webcam.json';

export type Messages = typeof aboutTexts &
  typeof actionsTexts &
  typeof alarmStateTexts &
  typeof alertsTexts &
  typeof authTexts &
  typeof chartsTexts &
  typeof dashboardTexts &
  typeof energyTexts &
  typeof filtersTexts &
  typeof helpTexts &
  typeof leakageTexts &
  typeof maintenanceTexts &
  typeof platformTexts &
  typeof processImagesTexts &
  typeof remoteAlarmTexts &
  typeof reportsTexts &
  typeof resultsTexts &
  typeof safeOpsTexts &
  typeof settingsTexts &
  typeof shellTexts &
  typeof stationsTexts &
  typeof validationTexts &
  typeof webcamTexts;

/** A top-level key of the texts: a page names the areas it shows, e.g. 'charts'. */
export type LocaleArea = keyof Messages;
