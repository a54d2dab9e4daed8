/** The info popup of a PV (SPEC §2 "Info popup"): what the PV is, where, and its range. */
import { useTranslation } from '../../app/useTranslation.ts';
import type { PvConfig } from '../../contract/pv.ts';
import { InfoPopup } from '../../ui/index.ts';

export function PvInfo({ config }: { config: PvConfig }) {
  const { t } = useTranslation();
  return (
    <InfoPopup title={config.name} triggerLabel={t('actions.info.open', { name: config.name })}>
      <dl className="facts">
        <dt>{t('actions.info.station')}</dt>
        <dd>
          {config.stationNumber} {config.stationName}
        </dd>
        <dt>{t('actions.info.type')}</dt>
        <dd>
          {t(`stations.pvType.${config.pvRef.type}`)} {config.pvRef.nr}
        </dd>
        {config.eksNr && (
          <>
            <dt>{t('actions.info.eksNr')}</dt>
            <dd>{config.eksNr}</dd>
          </>
        )}
        {config.subtype && (
          <>
            <dt>{t('actions.info.subtype')}</dt>
            <dd>{config.subtype}</dd>
          </>
        )}
        {config.dimension && (
          <>
            <dt>{t('actions.info.dimension')}</dt>
            <dd>{config.dimension}</dd>
          </>
        )}
        {config.domainConfig && (
          <>
            <dt>{t('actions.info.domain')}</dt>
            <dd>
              {t('actions.info.domainValue', {
                min: config.domainConfig.min,
                max: config.domainConfig.max,
              })}
            </dd>
          </>
        )}
      </dl>
    </InfoPopup>
  );
}
