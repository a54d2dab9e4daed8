/**
 * A saved page's name in the current language (issue: favorites and recently visited pages are
 * named by page kind and subject, "Energie · Rohwasserpumpwerk Talaue"). The kind comes from
 * the page's address, so it follows the language; the subject is the plant's name of what the
 * page shows (a station, PV, dashboard or report), saved with the page. A page of an address no
 * kind matches, or one saved with a subject-kind but no subject (before subjects were kept),
 * keeps the title it was saved with.
 */
import type { ParseKeys } from 'i18next';
import type { SavedPage } from '../../contract/userPages.ts';

interface PageKind {
  pattern: RegExp;
  label: ParseKeys;
  /** Pages of this kind show one subject (a station, PV, …) named in the saved subject. */
  subject?: true;
}

const REPORT_KIND_LABELS: Readonly<Record<string, ParseKeys>> = {
  daily: 'reports.kind.Daily',
  weekly: 'reports.kind.Weekly',
  monthly: 'reports.kind.Monthly',
  annual: 'reports.kind.Annual',
  special: 'reports.kind.Special',
};

/** By address (path without query), most specific first. */
const KINDS: readonly PageKind[] = [
  { pattern: /^\/stations$/, label: 'nav.stations' },
  { pattern: /^\/stations\/[^/]+$/, label: 'favorites.kind.station', subject: true },
  { pattern: /^\/charts$/, label: 'charts.nav.title' },
  { pattern: /^\/charts\/annotations$/, label: 'favorites.kind.annotations' },
  { pattern: /^\/charts\/archive$/, label: 'favorites.kind.archiveChart' },
  { pattern: /^\/charts\/[^/]+$/, label: 'favorites.kind.chart', subject: true },
  { pattern: /^\/trend\/realtime$/, label: 'favorites.kind.realtimeTrend' },
  { pattern: /^\/trend\/archive$/, label: 'favorites.kind.archiveTrend' },
  { pattern: /^\/reports$/, label: 'reports.nav.title' },
  { pattern: /^\/reports\/overflow$/, label: 'favorites.kind.overflow' },
  { pattern: /^\/archive$/, label: 'reports.nav.archive' },
  { pattern: /^\/dashboard$/, label: 'dashboard.nav.dashboard' },
  { pattern: /^\/dashboard\/[^/]+$/, label: 'favorites.kind.dashboard', subject: true },
  { pattern: /^\/process-images$/, label: 'processImages.nav' },
  { pattern: /^\/process-images\/[^/]+$/, label: 'favorites.kind.processImage', subject: true },
  { pattern: /^\/webcams$/, label: 'webcam.nav' },
  { pattern: /^\/webcams\/[^/]+$/, label: 'favorites.kind.webcam', subject: true },
  { pattern: /^\/alerts$/, label: 'alerts.nav.list' },
  { pattern: /^\/alerts\/archive$/, label: 'alerts.nav.archive' },
  { pattern: /^\/alerts\/performance$/, label: 'alerts.performance.nav' },
  { pattern: /^\/alerts\/history$/, label: 'favorites.kind.alertHistory', subject: true },
  { pattern: /^\/events\/system$/, label: 'alerts.nav.systemEvents' },
  { pattern: /^\/events\/control$/, label: 'alerts.nav.controlEvents' },
  { pattern: /^\/actions$/, label: 'actions.nav' },
  { pattern: /^\/actions\/set-values$/, label: 'favorites.kind.setValues' },
  { pattern: /^\/actions\/priority-outputs$/, label: 'favorites.kind.priorityOutputs' },
  { pattern: /^\/actions\/text-outputs$/, label: 'favorites.kind.textOutputs' },
  { pattern: /^\/actions\/counters$/, label: 'favorites.kind.counters' },
  { pattern: /^\/remote-alarm\/plans$/, label: 'remoteAlarm.nav' },
  { pattern: /^\/remote-alarm\/plans\/confirm$/, label: 'favorites.kind.plansConfirm' },
  { pattern: /^\/remote-alarm\/numbers$/, label: 'remoteAlarm.navNumbers' },
  { pattern: /^\/remote-alarm\/numbers\/edit$/, label: 'favorites.kind.numbersEdit' },
  { pattern: /^\/energy$/, label: 'energy.nav' },
  { pattern: /^\/energy\/[^/]+$/, label: 'energy.nav', subject: true },
  { pattern: /^\/leakage$/, label: 'leakage.nav' },
  { pattern: /^\/leakage\/[^/]+$/, label: 'leakage.nav', subject: true },
  { pattern: /^\/maintenance$/, label: 'maintenance.nav.overview' },
  { pattern: /^\/maintenance\/notifications$/, label: 'favorites.kind.notifications' },
  {
    pattern: /^\/machines\/[^/]+\/datasheet$/,
    label: 'favorites.kind.datasheet',
    subject: true,
  },
  {
    pattern: /^\/machines\/[^/]+\/lifecycle$/,
    label: 'favorites.kind.lifecycle',
    subject: true,
  },
  { pattern: /^\/machines\/[^/]+\/runtime$/, label: 'favorites.kind.runtime', subject: true },
  { pattern: /^\/settings$/, label: 'nav.settings' },
  { pattern: /^\/settings\/password$/, label: 'favorites.kind.password' },
  { pattern: /^\/settings\/session$/, label: 'favorites.kind.session' },
  { pattern: /^\/help$/, label: 'nav.help' },
  { pattern: /^\/about$/, label: 'nav.about' },
];

/** FV1: the kind of page an app address leads to, or null for an address no kind knows. */
export function pageKind(path: string): { label: ParseKeys; subject: boolean } | null {
  const pathname = path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '') || '/';
  const report = /^\/reports\/([^/]+)\/[^/]+$/.exec(pathname);
  if (report) {
    const label = REPORT_KIND_LABELS[report[1]!.toLowerCase()];
    return label ? { label, subject: true } : null;
  }
  const kind = KINDS.find((k) => k.pattern.test(pathname));
  return kind ? { label: kind.label, subject: kind.subject === true } : null;
}

/**
 * FV1: a saved page's name in the current language: "kind · subject", the kind alone for a
 * page without a subject, else the title it was saved with.
 */
export function pageName(page: SavedPage, t: (key: ParseKeys) => string): string {
  const kind = pageKind(page.path);
  if (!kind) return page.title;
  if (!kind.subject) return t(kind.label);
  return page.subject ? `${t(kind.label)} · ${page.subject}` : page.title;
}
