/**
 * The areas in the navigation, declared once. A feature that adds an area adds one entry
 * here (and its routes in routes.tsx); side navigation and drawer both render this list.
 * Each area has an icon of its own (NAV1), so the icon alone tells the areas apart.
 */
import type { ParseKeys } from 'i18next';
import type { Right } from '../contract/auth.ts';
import type { IconName } from '../ui/Icon.tsx';

export interface NavItem {
  path: string;
  labelKey: ParseKeys;
  icon: IconName;
  /** One sentence for the help page: what the area is for. */
  descriptionKey?: ParseKeys;
  /** Shown after a divider at the foot of the navigation (settings, help, about). */
  secondary?: boolean;
  /** Listed only for users who hold this right (`navItemsFor`). */
  right?: Right;
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    path: '/',
    labelKey: 'nav.overview',
    icon: 'overview',
    descriptionKey: 'help.area.overview',
  },
  {
    path: '/stations',
    labelKey: 'nav.stations',
    icon: 'stations',
    descriptionKey: 'help.area.stations',
  },
  {
    path: '/charts',
    labelKey: 'charts.nav.title',
    icon: 'chart',
    descriptionKey: 'charts.nav.description',
  },
  {
    path: '/reports',
    labelKey: 'reports.nav.title',
    icon: 'report',
    descriptionKey: 'reports.nav.description',
  },
  {
    path: '/archive',
    labelKey: 'reports.nav.archive',
    icon: 'valueArchive',
    descriptionKey: 'reports.nav.archiveDescription',
  },
  {
    path: '/dashboard',
    labelKey: 'dashboard.nav.dashboard',
    icon: 'dashboard',
    descriptionKey: 'dashboard.help.dashboard',
  },
  {
    path: '/process-images',
    labelKey: 'processImages.nav',
    icon: 'processImage',
    descriptionKey: 'processImages.help',
  },
  {
    path: '/webcams',
    labelKey: 'webcam.nav',
    icon: 'camera',
    descriptionKey: 'webcam.help',
  },
  {
    path: '/alerts',
    labelKey: 'alerts.nav.list',
    icon: 'warning',
    descriptionKey: 'alerts.help.list',
  },
  {
    path: '/alerts/archive',
    labelKey: 'alerts.nav.archive',
    icon: 'alertArchive',
    descriptionKey: 'alerts.help.archive',
  },
  {
    // The alarm-system review is work for those who answer alarms (ISA-18.2 §16): a user who
    // may acknowledge alerts. SPEC §6 knows no separate right to read alerts.
    path: '/alerts/performance',
    labelKey: 'alerts.performance.nav',
    icon: 'alarmRate',
    descriptionKey: 'alerts.performance.navHelp',
    right: 'ackAlerts',
  },
  {
    path: '/events/system',
    labelKey: 'alerts.nav.systemEvents',
    icon: 'server',
    descriptionKey: 'alerts.systemEvents.description',
  },
  {
    path: '/events/control',
    labelKey: 'alerts.nav.controlEvents',
    icon: 'history',
    descriptionKey: 'alerts.controlEvents.description',
  },
  {
    path: '/actions',
    labelKey: 'actions.nav',
    icon: 'keyboard',
    descriptionKey: 'actions.help',
  },
  {
    path: '/remote-alarm/plans',
    labelKey: 'remoteAlarm.nav',
    icon: 'bell',
    descriptionKey: 'remoteAlarm.navHelp',
  },
  {
    path: '/remote-alarm/numbers',
    labelKey: 'remoteAlarm.navNumbers',
    icon: 'phone',
    descriptionKey: 'remoteAlarm.navNumbersHelp',
  },
  {
    path: '/energy',
    labelKey: 'energy.nav',
    icon: 'energy',
    descriptionKey: 'energy.navHelp',
  },
  {
    path: '/leakage',
    labelKey: 'leakage.nav',
    icon: 'drop',
    descriptionKey: 'leakage.navHelp',
  },
  {
    path: '/maintenance',
    labelKey: 'maintenance.nav.overview',
    icon: 'wrench',
    descriptionKey: 'maintenance.nav.description',
  },
  {
    path: '/settings',
    labelKey: 'nav.settings',
    icon: 'settings',
    descriptionKey: 'help.area.settings',
    secondary: true,
  },
  {
    path: '/help',
    labelKey: 'nav.help',
    icon: 'help',
    descriptionKey: 'help.area.help',
    secondary: true,
  },
  {
    path: '/about',
    labelKey: 'nav.about',
    icon: 'info',
    descriptionKey: 'help.area.about',
    secondary: true,
  },
];

/** The entries a user sees: those without a right, and those whose right `has` grants. */
export function navItemsFor(has: (right: Right) => boolean): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => item.right === undefined || has(item.right));
}

/** Areas whose entry is current on their own path only, not on the paths below it. */
const END_PATHS: ReadonlySet<string> = new Set(['/', '/alerts']);

/**
 * Whether the entry of `path` is the current one at `pathname`, as a router NavLink decides
 * it: the same path, or one below it ("/stations" at "/stations/3"), letter case aside.
 */
export function navItemActive(path: string, pathname: string): boolean {
  const to = path.toLowerCase();
  const at = pathname.toLowerCase();
  if (at === to) return true;
  return !END_PATHS.has(path) && at.startsWith(to) && at.charAt(to.length) === '/';
}
