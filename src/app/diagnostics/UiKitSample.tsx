/**
 * /diagnostics/ui: every UI kit component on one page, in the current theme and language,
 * for visual review and for browser tests of the kit. Nothing links to it.
 */
import { useState } from 'react';
import { useTranslation } from '../useTranslation.ts';
import {
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Field,
  InfoPopup,
  LoadingState,
  PageHeader,
  Panel,
  QualityMark,
  Spinner,
  StatusBadge,
  Toolbar,
  Tooltip,
} from '../../ui/index.ts';
import { ConnectionStatus } from '../ConnectionStatus.tsx';
import { useFormat } from '../useFormat.ts';

/** A fixed data age for the stale connection sample. */
const SAMPLE_AGE_MS = 3 * 60_000;

export function UiKitSample() {
  const { t } = useTranslation();
  const format = useFormat();
  const [dialog, setDialog] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [value, setValue] = useState('120');
  const invalid = !/^\d+$/.test(value) || Number(value) > 65535;

  return (
    <div className="page">
      <PageHeader
        title={t('shell.diagnostics.uiTitle')}
        description={t('shell.diagnostics.uiText')}
        actions={
          <>
            <Button onClick={() => setConfirm(true)} variant="danger">
              {t('shell.diagnostics.confirm')}
            </Button>
            <Button onClick={() => setDialog(true)} variant="primary">
              {t('shell.diagnostics.dialog')}
            </Button>
          </>
        }
      />
      <div className="sample-grid">
        <Panel title="Button" level={2}>
          <Toolbar label="Button">
            <Button variant="primary">{t('common.save')}</Button>
            <Button>{t('common.cancel')}</Button>
            <Button variant="danger">{t('shell.diagnostics.confirm')}</Button>
            <Button variant="quiet" icon="refresh">
              {t('common.retry')}
            </Button>
            <Button icon="settings" iconOnly>
              {t('nav.settings')}
            </Button>
            <Button disabled>{t('common.close')}</Button>
          </Toolbar>
        </Panel>

        <Panel title="StatusBadge · QualityMark" dense>
          <p className="sample-row">
            <StatusBadge>{t('shell.connection.unknown')}</StatusBadge>
            <StatusBadge tone="ok">{t('shell.connection.connected')}</StatusBadge>
            <StatusBadge tone="info">{t('shell.connection.connecting')}</StatusBadge>
            <StatusBadge tone="warning">Prio 3</StatusBadge>
            <StatusBadge tone="alarm">Prio 2</StatusBadge>
            <StatusBadge tone="critical">Prio 1</StatusBadge>
            <StatusBadge tone="stale">{format.age(SAMPLE_AGE_MS)}</StatusBadge>
          </p>
          <p className="sample-row">
            <span className="header-sample">
              <ConnectionStatus state="notConnected" lastDataAt={0} now={SAMPLE_AGE_MS} />
            </span>
            <span className="header-sample">
              <ConnectionStatus state="connected" lastDataAt={0} now={SAMPLE_AGE_MS} live={false} />
            </span>
          </p>
          <table className="table">
            <tbody>
              {(['Good', 'Uncertain', 'Bad', 'Unspecified'] as const).map((q, i) => (
                <tr key={q}>
                  <td>AnaIn-10000{i + 1}</td>
                  <td className="num">
                    <span className="value">{format.number(12.3456 * (i + 1), 2)}</span> m³/h{' '}
                    <QualityMark quality={q} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>

        <Panel title="Field · Tooltip · InfoPopup">
          <Field
            label={t('shell.diagnostics.fieldLabel')}
            help={t('shell.diagnostics.fieldHelp')}
            error={invalid ? t('shell.diagnostics.fieldError') : undefined}
            required
          >
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
          </Field>
          <p className="sample-row">
            <Tooltip content={t('shell.diagnostics.tooltip')}>
              <Button size="small" icon="info">
                {t('shell.diagnostics.hover')}
              </Button>
            </Tooltip>
            <InfoPopup title={t('help.connection.title')}>
              <p>{t('help.connection.intro')}</p>
            </InfoPopup>
          </p>
        </Panel>

        <Panel title="Spinner · LoadingState · EmptyState">
          <p>
            <Spinner showLabel />
          </p>
          <LoadingState status="error" onRetry={() => undefined} />
          <EmptyState
            title={t('shell.diagnostics.emptyTitle')}
            reason={t('shell.diagnostics.emptyReason')}
          />
        </Panel>
      </div>

      <Dialog
        open={dialog}
        onClose={() => setDialog(false)}
        title={t('shell.diagnostics.dialog')}
        actions={
          <>
            <Button onClick={() => setDialog(false)}>{t('common.cancel')}</Button>
            <Button variant="primary" onClick={() => setDialog(false)}>
              {t('common.save')}
            </Button>
          </>
        }
      >
        <LoadingState status="loading" onRetry={() => undefined} />
      </Dialog>
      <ConfirmDialog
        open={confirm}
        title={t('shell.diagnostics.confirm')}
        message={t('shell.diagnostics.confirmText')}
        danger
        onConfirm={() => setConfirm(false)}
        onCancel={() => setConfirm(false)}
      />
    </div>
  );
}
