/**
 * The maintenance pages of a PV, offered wherever a PV's actions are (SPEC §2 navigation
 * targets): opened through the action dispatcher, so in a new tab in a browser.
 */
import { useTranslation } from '../../../app/useTranslation.ts';
import { ActionLink } from '../../../app/actions/ActionLink.tsx';
import type { PvRef } from '../../../contract/pv.ts';
import './machineLinks.css';

/** The pages offered, by the action dispatcher's target kind, with their link texts. */
const MACHINE_PAGES = [
  ['machineDatasheet', 'maintenance.machine.datasheet'],
  ['machineLifecycle', 'maintenance.machine.lifecycle'],
  ['machineRuntime', 'maintenance.machine.runtime'],
  ['pvAlertHistory', 'alerts.history.link'],
] as const;

export function MachineLinks({ pvRef, onClose }: { pvRef: PvRef; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav className="machine-links" aria-label={t('maintenance.machine.views')}>
      {MACHINE_PAGES.map(([kind, label]) => (
        <ActionLink key={kind} target={{ kind, pv: pvRef }} onFollow={onClose}>
          {t(label)}
        </ActionLink>
      ))}
    </nav>
  );
}
