/** The maintenance pages of a PV, offered wherever a PV's actions are (SPEC §2 navigation targets). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pvUrlId } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import './machineLinks.css';

export function MachineLinks({ pvRef, onClose }: { pvRef: PvRef; onClose?: () => void }) {
  const { t } = useTranslation();
  const id = pvUrlId(pvRef);
  return (
    <nav className="machine-links" aria-label={t('maintenance.machine.views')}>
      <Link to={`/machines/${id}/datasheet`} onClick={onClose}>
        {t('maintenance.machine.datasheet')}
      </Link>
      <Link to={`/machines/${id}/lifecycle`} onClick={onClose}>
        {t('maintenance.machine.lifecycle')}
      </Link>
      <Link to={`/machines/${id}/runtime`} onClick={onClose}>
        {t('maintenance.machine.runtime')}
      </Link>
      <Link to={`/alerts/history?pv=${id}`} onClick={onClose}>
        {t('alerts.history.link')}
      </Link>
    </nav>
  );
}
