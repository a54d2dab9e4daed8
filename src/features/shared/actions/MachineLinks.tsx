/**
 * The maintenance pages of a PV, offered wherever a PV's actions are (SPEC §2 navigation
 * targets): opened through the action dispatcher, so in a new tab in a browser.
 */
import { useTranslation } from '../../../app/useTranslation.ts';
import { ActionLink } from '../../../app/actions/ActionLink.tsx';
import type { PvRef } from '../../../contract/pv.ts';
import './machineLinks.css';

export function MachineLinks({ pvRef, onClose }: { pvRef: PvRef; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav className="machine-links" aria-label={t('maintenance.machine.views')}>
      <ActionLink target={{ kind: 'machineDatasheet', pv: pvRef }} onFollow={onClose}>
        {t('maintenance.machine.datasheet')}
      </ActionLink>
      <ActionLink target={{ kind: 'machineLifecycle', pv: pvRef }} onFollow={onClose}>
        {t('maintenance.machine.lifecycle')}
      </ActionLink>
      <ActionLink target={{ kind: 'machineRuntime', pv: pvRef }} onFollow={onClose}>
        {t('maintenance.machine.runtime')}
      </ActionLink>
      <ActionLink target={{ kind: 'pvAlertHistory', pv: pvRef }} onFollow={onClose}>
        {t('alerts.history.link')}
      </ActionLink>
    </nav>
  );
}
