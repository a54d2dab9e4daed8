/**
 * The info popup of a PV (SPEC §2 "Info popup"): what the PV is, where, and its range; on a
 * field plant (PEGEL_PLANT_FILE) also why its value is not good, in the field's words (issue 56).
 */
import { useEffect, useState } from 'react';
import { fetchPvQualityReason } from '../../api/field.ts';
import { useTranslation } from '../../app/useTranslation.ts';
import type { PvConfig, PvRef } from '../../contract/pv.ts';
import { InfoPopup } from '../../ui/index.ts';

/** The field plant's reason for a PV that is not good; nothing on a simulated plant. */
function QualityReason({ pvRef }: { pvRef: PvRef }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<string | null>(null);
  const { type, nr } = pvRef;
  useEffect(() => {
    const abort = new AbortController();
    fetchPvQualityReason({ type, nr }, abort.signal).then(setReason, () => setReason(null));
    return () => abort.abort();
  }, [type, nr]);
  if (reason === null) return null;
  return (
    <>
      <dt>{t('actions.info.qualityReason')}</dt>
      <dd data-quality-reason>{reason}</dd>
    </>
  );
}

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
        <QualityReason pvRef={config.pvRef} />
      </dl>
    </InfoPopup>
  );
}
