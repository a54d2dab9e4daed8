/**
 * The documents of a machine (SPEC §3 "External document", §7 datasheets/docs): open and
 * download them; editors add a file (a phone offers its camera for a photo) or a web link,
 * with an upload progress bar and cancel (SPEC §8 "upload cancelled"), and delete after a
 * question. A failed upload says why and keeps what was entered.
 */
import { nativeBridge } from '../../platform/index.ts';
import { saveFromUrl } from '../../platform/saveFile.ts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { DatasheetDocument, DocType } from '../../contract/maintenance.ts';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES } from '../../contract/maintenance.ts';
import type { PvRef } from '../../contract/pv.ts';
import { checkUploadFile } from '../../domain/maintenance.ts';
import { DOC_TYPE_FILE, isWebUrl, validateDocumentInput } from '../../domain/validation/forms.ts';
import type { RuleMessage } from '../../domain/validation/ruleMessage.ts';
import { useFormat } from '../../app/useFormat.ts';
import { Button, ChoiceGroup, ConfirmDialog, Field, LoadingState, Panel } from '../../ui/index.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';
import {
  deleteDocument,
  documentUrl,
  loadDocuments,
  uploadDocument,
  UploadCancelled,
  type UploadHandle,
} from './maintenanceApi.ts';
import { invalidatePageData, loadStatus, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { failureText } from '../../app/failureText.ts';

const ACCEPT = DOCUMENT_CONTENT_TYPES.join(',');

function sizeText(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: u ? 1 : 0 }).format(v)} ${units[u]}`;
}

type Outcome = { tone: 'ok' | 'info' | 'error'; text: string } | null;

export function DocumentsPanel({ pvRef }: { pvRef: PvRef }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ruleText = useRuleText();
  const [docs, reloadDocs] = usePageQuery(
    pageKeys.maintenance.documents(pvRef),
    (s) => loadDocuments(pvRef, s),
    { keepPrevious: true },
  );
  const [description, setDescription] = useState('');
  const [docType, setDocType] = useState<DocType>(DOC_TYPE_FILE);
  const [target, setTarget] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<RuleMessage[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [removing, setRemoving] = useState<DatasheetDocument | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);
  const upload = useRef<UploadHandle | null>(null);
  /** The running cancel of the upload (the server told), awaited before the list is read. */
  const cancelled = useRef<Promise<void> | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  const canEdit = docs.data?.currentUserCanEdit === true;
  const entries = docs.data?.entries ?? [];

  const pick = (f: File | null) => {
    setFile(f);
    setOutcome(null);
    if (f && !description.trim()) setDescription(f.name.replace(/\.[^.]+$/, ''));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    const input = {
      description,
      docType,
      target: docType === 'Link' ? target : null,
      file: docType === DOC_TYPE_FILE && file ? { file, filename: file.name } : null,
    };
    const messages = validateDocumentInput(input);
    setErrors(messages);
    if (messages.length) return;
    const problem = docType === DOC_TYPE_FILE && file ? checkUploadFile(file) : null;
    if (problem) {
      setOutcome({
        tone: 'error',
        text: t(`maintenance.docs.problem.${problem}`, {
          max: sizeText(MAX_DOCUMENT_BYTES, format.locale),
        }),
      });
      return;
    }
    setProgress(0);
    const handle = uploadDocument(pvRef, input, setProgress);
    upload.current = handle;
    cancelled.current = null;
    try {
      await handle.done;
      setDescription('');
      setTarget('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      if (cameraInput.current) cameraInput.current.value = '';
      setOutcome({ tone: 'ok', text: t('maintenance.docs.uploaded') });
      void invalidatePageData([pageKeys.maintenance.documents(pvRef)]);
    } catch (err) {
      // The cancel told the server (a document it stored already is gone): the list is read
      // again once it did, so it shows what is stored.
      if (err instanceof UploadCancelled) {
        await cancelled.current;
        void invalidatePageData([pageKeys.maintenance.documents(pvRef)]);
      }
      setOutcome(
        err instanceof UploadCancelled
          ? { tone: 'info', text: t('maintenance.docs.cancelled') }
          : {
              tone: 'error',
              text: t('maintenance.docs.failed', {
                reason: failureText(err),
              }),
            },
      );
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusyDelete(true);
    try {
      await deleteDocument(removing.id);
      setOutcome({
        tone: 'ok',
        text: t('maintenance.docs.deleted', { name: removing.description }),
      });
      void invalidatePageData([pageKeys.maintenance.documents(pvRef)]);
    } catch (err) {
      setOutcome({
        tone: 'error',
        text: t('maintenance.docs.deleteFailed', {
          reason: failureText(err),
        }),
      });
    } finally {
      setBusyDelete(false);
      setRemoving(null);
    }
  };

  const errorOf = (field: string) => {
    const m = errors.find((x) => x.field === field);
    return m ? ruleText(m) : undefined;
  };
  const uploading = progress !== null;

  return (
    <Panel title={t('maintenance.docs.title')} className="documents-panel">
      <LoadingState
        status={loadStatus(docs)}
        onRetry={reloadDocs}
        errorMessage={t('maintenance.docs.loadFailed')}
      >
        {entries.length === 0 ? (
          <p className="muted">
            {canEdit ? t('maintenance.docs.noneEditor') : t('maintenance.docs.none')}
          </p>
        ) : (
          <ul className="doc-list" aria-label={t('maintenance.docs.title')}>
            {entries.map((d) => (
              <li key={d.id} className="doc-item">
                <div className="doc-text">
                  <strong>{d.description}</strong>
                  <span className="muted">
                    {d.docType === 'Link'
                      ? d.target
                      : `${d.fileName ?? ''} · ${sizeText(d.size ?? 0, format.locale)}`}
                  </span>
                  <span className="muted">
                    {t('maintenance.docs.by', {
                      user: d.uploadedBy,
                      at: format.dateTime(d.uploadedAt),
                    })}
                  </span>
                </div>
                <div className="doc-actions">
                  {d.docType === 'Link' ? (
                    // Only a web URL becomes a link (SPEC §5: only web URLs are supported).
                    d.target &&
                    isWebUrl(d.target) && (
                      <a
                        className="btn btn-secondary"
                        href={d.target}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {t('maintenance.docs.openLink')}
                      </a>
                    )
                  ) : (
                    <>
                      <a
                        className="btn btn-secondary"
                        href={documentUrl(d.id)}
                        target="_blank"
                        rel="noopener"
                      >
                        {t('maintenance.docs.open')}
                      </a>
                      <a
                        className="btn btn-secondary"
                        href={documentUrl(d.id, true)}
                        download={d.fileName ?? true}
                        onClick={(e) => {
                          // Inside the app the web view cannot save it; the app does.
                          if (!nativeBridge().embedded) return;
                          e.preventDefault();
                          void saveFromUrl(
                            nativeBridge(),
                            documentUrl(d.id, true),
                            d.fileName ?? d.description,
                          );
                        }}
                      >
                        {t('maintenance.docs.download')}
                      </a>
                    </>
                  )}
                  {canEdit && (
                    <Button variant="quiet" icon="close" onClick={() => setRemoving(d)}>
                      {t('maintenance.docs.delete')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <form className="doc-form" onSubmit={submit} noValidate>
            <h3 className="doc-form-title">{t('maintenance.docs.add')}</h3>
            <ChoiceGroup<DocType>
              legend={t('maintenance.docs.kind')}
              value={docType}
              onChange={setDocType}
              choices={[
                { value: DOC_TYPE_FILE, label: t('maintenance.docs.kindFile') },
                { value: 'Link', label: t('maintenance.docs.kindLink') },
              ]}
            />
            <Field
              label={
                docType === DOC_TYPE_FILE
                  ? t('maintenance.docs.description')
                  : t('maintenance.docs.shortDescription')
              }
              required
              error={errorOf('description')}
            >
              {(p) => (
                <input
                  {...p}
                  className="input"
                  value={description}
                  maxLength={500}
                  disabled={uploading}
                  onChange={(e) => setDescription(e.target.value)}
                />
              )}
            </Field>
            {docType === DOC_TYPE_FILE ? (
              <div className="doc-file">
                <Field
                  label={t('maintenance.docs.file')}
                  required
                  error={errorOf('file')}
                  help={t('maintenance.docs.fileHelp', {
                    max: sizeText(MAX_DOCUMENT_BYTES, format.locale),
                  })}
                >
                  {(p) => (
                    <input
                      {...p}
                      ref={fileInput}
                      type="file"
                      className="input"
                      accept={ACCEPT}
                      disabled={uploading}
                      onChange={(e) => pick(e.target.files?.[0] ?? null)}
                    />
                  )}
                </Field>
                <label className="btn btn-secondary camera-button">
                  {t('maintenance.docs.photo')}
                  <input
                    ref={cameraInput}
                    type="file"
                    accept="image/*"
                    capture="environment"
                    className="visually-hidden"
                    disabled={uploading}
                    onChange={(e) => pick(e.target.files?.[0] ?? null)}
                  />
                </label>
                {file && (
                  <p className="muted doc-chosen">
                    {t('maintenance.docs.chosen', {
                      name: file.name,
                      size: sizeText(file.size, format.locale),
                    })}
                  </p>
                )}
              </div>
            ) : (
              <Field label={t('maintenance.docs.target')} required error={errorOf('target')}>
                {(p) => (
                  <input
                    {...p}
                    type="url"
                    inputMode="url"
                    className="input"
                    value={target}
                    placeholder="https://"
                    disabled={uploading}
                    onChange={(e) => setTarget(e.target.value)}
                  />
                )}
              </Field>
            )}
            {uploading && (
              <div className="upload-progress">
                <progress max={1} value={progress} aria-label={t('maintenance.docs.progress')} />
                <span aria-live="polite">{Math.round((progress ?? 0) * 100)} %</span>
              </div>
            )}
            {outcome && (
              <p
                className={`outcome outcome-${outcome.tone}`}
                role={outcome.tone === 'error' ? 'alert' : 'status'}
              >
                {outcome.text}
              </p>
            )}
            <div className="action-buttons">
              {/* NOTE: distinct keys: were the cancel button's node reused as the submit button,
                  the cancel click would submit the form again once React re-rendered. */}
              {uploading ? (
                <Button
                  key="cancel"
                  variant="danger"
                  icon="close"
                  onClick={() => {
                    cancelled.current = upload.current?.cancel() ?? null;
                  }}
                >
                  {t('maintenance.docs.cancel')}
                </Button>
              ) : (
                <Button key="submit" type="submit" variant="primary" icon="check">
                  {docType === DOC_TYPE_FILE
                    ? t('maintenance.docs.upload')
                    : t('maintenance.docs.saveLink')}
                </Button>
              )}
            </div>
          </form>
        )}
        {!canEdit && outcome && (
          <p className="outcome" role="status">
            {outcome.text}
          </p>
        )}
      </LoadingState>
      <ConfirmDialog
        open={removing !== null}
        title={t('maintenance.docs.deleteTitle')}
        message={t('maintenance.docs.deleteQuestion', { name: removing?.description ?? '' })}
        confirmLabel={t('maintenance.docs.delete')}
        danger
        busy={busyDelete}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Panel>
  );
}
