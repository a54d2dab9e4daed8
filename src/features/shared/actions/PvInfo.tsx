/**
 * The info popup of a PV (SPEC §2 "Info popup"): what the PV is, where, and its range; on a
 * field plant (PEGEL_PLANT_FILE) also why its value is not good, in the field's words (issue 56).
 */
import { Fragment, useEffect, useState } from 'react';
import { fetchPvQualityReason, type QualityReason } from '../../../api/field.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvConfig, PvRef } from '../../../contract/pv.ts';
import { InfoPopup } from '../../../ui/index.ts';

/**
 * The field plant's reason for a PV that is not good: a lead in the user's language by the
 * reason's kind (link down, device offline, bad input, silence, refused), then the field's own
 * words as the detail; nothing on a simulated plant.
 */
function QualityReasonFacts({ pvRef }: { pvRef: PvRef }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [reason, setReason] = useState<QualityReason | null>(null);
  const { type, nr } = pvRef;
  useEffect(() => {
    const abort = new AbortController();
    fetchPvQualityReason({ type, nr }, abort.signal).then(setReason, () => setReason(null));
    return () => abort.abort();
  }, [type, nr]);
  if (reason === null) return null;
  const seconds = reason.seconds ?? 0;
  const lead = reason.reasonKind
    ? t(`actions.info.qualityLead.${reason.reasonKind}`, {
        seconds: format.number(seconds, Number.isInteger(seconds) ? 0 : 1),
      })
    : null;
  return (
    <>
      <dt>{t('actions.info.qualityReason')}</dt>
      <dd data-quality-reason data-reason-kind={reason.reasonKind ?? undefined}>
        {lead ? (
          <>
            <strong data-quality-lead>{lead}</strong>
            <br />
            <span className="quality-detail">
              {t('actions.info.qualityDetail')}: <span data-quality-detail>{reason.reason}</span>
            </span>
          </>
        ) : (
          <span data-quality-detail>{reason.reason}</span>
        )}
      </dd>
    </>
  );
}

/** Facts a PV may lack, shown only when it has them; each under `actions.info.<fact>`. */
const OPTIONAL_FACTS = ['eksNr', 'subtype', 'dimension'] as const;

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
        {OPTIONAL_FACTS.map(
          (fact) =>
            config[fact] && (
              <Fragment key={fact}>
                <dt>{t(`actions.info.${fact}`)}</dt>
                <dd>{config[fact]}</dd>
              </Fragment>
            ),
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
        <QualityReasonFacts pvRef={config.pvRef} />
      </dl>
    </InfoPopup>
  );
}
