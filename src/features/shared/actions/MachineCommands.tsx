/**
 * The commands of a machine where the machine is shown (a process-image symbol bound to its
 * running feedback, a dashboard tile): its feedback's state in words and, for each of its
 * outputs, the commands the output supports: a DigiOut's two states (start/stop, open/close,
 * auto/manual) and an AnaOut's set value, each through the confirm step of Bedienen, with the
 * read-only reason where the user may not act. Which outputs belong to the machine: the ones
 * the image names (`data-command`), else the plant's outputs of the same machine name (PIC1).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { fetchPvList } from '../../../api/stations.ts';
import { pvKey } from '../../../contract/keys.ts';
import type { PvListEntry } from '../../../contract/plant.ts';
import type { PvConfig, PvRef, PvValue } from '../../../contract/pv.ts';
import { machineCommands, machineName } from '../../../domain/machineCommands.ts';
import { formatPvValue, withUnit } from '../../../domain/pvFormat.ts';
import type { FormatLocale } from '../../../domain/format.ts';
import { usePvConfig, usePvValue } from '../../../live/index.ts';
import { Button, Dialog, QualityMark } from '../../../ui/index.ts';
import { noticeAfter } from '../../../app/noticeStack.ts';
import { DigiOutCommands } from './DigiOutCommands.tsx';
import { ReadOnlyNote, useWriteAccess } from '../ReadOnlyNote.tsx';
import type { CommandWatch } from './commandFeedback.ts';
import { PvActionsLoader } from './PvActionsLoader.tsx';
import './actions.css';

/** The plant's PV names, loaded once per tab for the machine rule (dropped after a failure). */
let plantList: Promise<PvListEntry[]> | null = null;
function loadPlantList(): Promise<PvListEntry[]> {
  plantList ??= fetchPvList().catch((error: unknown) => {
    plantList = null;
    throw error;
  });
  return plantList;
}

/**
 * The command outputs of the machine a PV shows: `named` when the image names them, else
 * found by the machine rule; null while the plant's names load, [] when there are none.
 */
export function useMachineCommands(
  config: PvConfig | undefined,
  named?: readonly PvRef[],
): readonly PvRef[] | null {
  const [found, setFound] = useState<{ key: string; refs: PvRef[] } | null>(null);
  const key = config ? pvKey(config.pvRef) : '';
  const wanted = !named?.length && config !== undefined && machineName(config.name) !== null;
  useEffect(() => {
    if (!wanted || !config) return;
    let live = true;
    loadPlantList().then(
      (list) => live && setFound({ key, refs: machineCommands(config, list) }),
      () => live && setFound({ key, refs: [] }),
    );
    return () => {
      live = false;
    };
  }, [wanted, config, key]);
  if (named?.length) return named;
  if (!config) return null;
  if (!wanted) return [];
  return found?.key === key ? found.refs : null;
}

/** What the feedback is called beside its machine: "Betrieb" of "Brunnenpumpe 1 Betrieb". */
export function signalName(config: PvConfig): string {
  const machine = machineName(config.name);
  return machine ? config.name.slice(machine.length).trim() : config.name;
}

export interface MachineCommandsProps {
  /** The machine's command outputs (useMachineCommands). */
  commands: readonly PvRef[];
  /** Sent: the notice, and the output's report that must follow. */
  onDone: (message: string, watch: CommandWatch | null) => void;
  /** An analogue output's set value: the set-value dialog of Bedienen for that output. */
  onSetValue: (pv: PvRef) => void;
}

export function MachineCommands({ commands, onDone, onSetValue }: MachineCommandsProps) {
  return (
    <div className="machine-commands">
      {commands.map((pv) => (
        <CommandOutput key={pvKey(pv)} pv={pv} onDone={onDone} onSetValue={onSetValue} />
      ))}
    </div>
  );
}

function CommandOutput({
  pv,
  onDone,
  onSetValue,
}: {
  pv: PvRef;
  onDone: MachineCommandsProps['onDone'];
  onSetValue: (pv: PvRef) => void;
}) {
  const config = usePvConfig(pv);
  const value = usePvValue(pv);
  const cfg = config.state === 'ready' ? config.config : undefined;
  if (!cfg) return null;
  return (
    <section className="machine-output" aria-label={cfg.name}>
      <h3 className="machine-output-name">{signalName(cfg)}</h3>
      {pv.type === 'DigiOut' ? (
        <DigiOutCommands config={cfg} value={value} onDone={onDone} />
      ) : (
        <AnalogueOutput config={cfg} value={value} onSetValue={() => onSetValue(pv)} />
      )}
    </section>
  );
}

function shownValue(value: PvValue, config: PvConfig, locale: FormatLocale): string {
  const f = formatPvValue(value, config, locale);
  return withUnit(f.text, f.unit);
}

function AnalogueOutput({
  config,
  value,
  onSetValue,
}: {
  config: PvConfig;
  value: PvValue | undefined;
  onSetValue: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const access = useWriteAccess('writePvs', config.stationNumber);
  return (
    <div className="digi-out-commands" role="group" aria-label={t('safeOps.commands.label')}>
      <ReadOnlyNote access={access} />
      <p className="digi-out-state">
        {value
          ? t('actions.commands.state', { state: shownValue(value, config, locale) })
          : t('actions.commands.stateUnknown')}
        {value && <QualityMark quality={value.quality} />}
      </p>
      <div className="action-buttons">
        <Button variant="primary" icon="keyboard" disabled={!access.may} onClick={onSetValue}>
          {t('actions.machine.setValue')}
        </Button>
      </div>
    </div>
  );
}

/**
 * A machine opened from where it is shown outside a process image (a dashboard tile): its
 * feedback's state and its commands; an analogue output's set value opens Bedienen's dialog.
 */
export function MachineDialog({
  pv,
  commands,
  onClose,
}: {
  pv: PvRef;
  commands: readonly PvRef[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const config = usePvConfig(pv);
  const value = usePvValue(pv);
  const [setting, setSetting] = useState<PvRef | null>(null);
  const cfg = config.state === 'ready' ? config.config : undefined;
  const done = (message: string, watch?: CommandWatch | null) => {
    onClose();
    noticeAfter(message, watch);
  };
  if (setting) return <PvActionsLoader pvRef={setting} onClose={onClose} onDone={done} />;
  const own = pv.type === 'DigiOut';
  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={(cfg && (own ? cfg.name : machineName(cfg.name))) ?? t('actions.menu.loading')}
      className="machine-dialog"
    >
      {cfg && !own && (
        <p className="machine-state">
          <strong>{signalName(cfg)}:</strong>
          <span>{value ? shownValue(value, cfg, locale) : t('actions.commands.stateUnknown')}</span>
          {value && <QualityMark quality={value.quality} />}
        </p>
      )}
      {cfg && own && <DigiOutCommands config={cfg} value={value} onDone={done} />}
      {!own && <MachineCommands commands={commands} onDone={done} onSetValue={setSetting} />}
    </Dialog>
  );
}

/**
 * The button that opens a machine from a PV shown alone (a dashboard tile): only where the PV
 * is a digital output or the feedback of a machine with outputs.
 */
export function MachineButton({ pv }: { pv: PvRef }) {
  const { t } = useTranslation();
  const config = usePvConfig(pv);
  const cfg = config.state === 'ready' ? config.config : undefined;
  const commands = useMachineCommands(pv.type === 'DigiOut' ? undefined : cfg);
  const [open, setOpen] = useState(false);
  if (!cfg || (pv.type !== 'DigiOut' && !commands?.length)) return null;
  const name = pv.type === 'DigiOut' ? cfg.name : (machineName(cfg.name) ?? cfg.name);
  return (
    <>
      <Button
        size="small"
        icon="keyboard"
        className="machine-button"
        aria-label={t('actions.machine.operateLabel', { name })}
        onClick={() => setOpen(true)}
      >
        {t('actions.machine.operate')}
      </Button>
      {open && <MachineDialog pv={pv} commands={commands ?? []} onClose={() => setOpen(false)} />}
    </>
  );
}
