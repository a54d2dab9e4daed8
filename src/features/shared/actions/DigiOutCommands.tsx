/**
 * The commands of a digital output offered first where the output is shown (a process-image
 * element): its two states (on/off, open/close, from the PV's state texts), each through the
 * confirm step before it reaches the plant. Read-only with the reason without the right.
 */
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvConfig, PvValue } from '../../../contract/pv.ts';
import { buildPvSetRequest } from '../../../domain/validation/valueEntry.ts';
import { Button } from '../../../ui/index.ts';
import { ActionResultDialog } from './ActionResultDialog.tsx';
import { commandWatch, distrustKey, isTrusted, type CommandWatch } from './commandFeedback.ts';
import { usePvValueSend } from './usePvValueSend.ts';
import { ReadOnlyNote, useWriteAccess } from '../ReadOnlyNote.tsx';
import './actions.css';

export function DigiOutCommands({
  config,
  value,
  onDone,
}: {
  config: PvConfig;
  value: PvValue | undefined;
  /** Sent: the notice, and the output's report that must follow. */
  onDone: (message: string, watch: CommandWatch | null) => void;
}) {
  const { t } = useTranslation();
  const sending = usePvValueSend(config);
  const access = useWriteAccess('writePvs', config.stationNumber);
  const on = config.digiDisplayConfig?.stateActiveText || t('actions.setValue.on');
  const off = config.digiDisplayConfig?.stateInactiveText || t('actions.setValue.off');
  const now = value?.boolValue;
  // Only a trusted state is known: then its own command is not offered. Otherwise (no value
  // yet, or bad or uncertain quality) both are, and the state line says why: unknown, or the
  // state with its quality.
  const known = isTrusted(value) ? now : undefined;
  const distrust = distrustKey(value);
  const command = async (target: boolean) => {
    const build = buildPvSetRequest([
      { pvRef: config.pvRef, target, domain: null, current: now ?? null },
    ]);
    if (!build.ok) return;
    const to = target ? on : off;
    const from = now === undefined ? '—' : now ? on : off;
    await sending.send('setValues', build.items, { from, to }, () =>
      onDone(
        t('actions.setValue.done', { name: config.name }),
        commandWatch(config, build.items[0]!, to, Date.now()),
      ),
    );
  };
  return (
    <div className="digi-out-commands" role="group" aria-label={t('safeOps.commands.label')}>
      <ReadOnlyNote access={access} />
      <p className="digi-out-state">
        {now === undefined
          ? t('actions.commands.stateUnknown')
          : t('actions.commands.state', { state: now ? on : off }) +
            (distrust ? ` (${t(distrust)})` : '')}
      </p>
      <div className="action-buttons">
        {[true, false].map((target) => (
          <Button
            key={String(target)}
            variant={known === target ? 'secondary' : 'primary'}
            disabled={!access.may || sending.busy || known === target}
            onClick={() => void command(target)}
            data-autofocus={known !== target ? true : undefined}
          >
            {target ? on : off}
          </Button>
        ))}
      </div>
      {sending.confirmElement}
      <ActionResultDialog
        dialog={sending.result}
        onClose={sending.clearResult}
        pvName={() => config.name}
      />
    </div>
  );
}
