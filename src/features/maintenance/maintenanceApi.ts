/** The maintenance calls of SPEC §7 "Maintenance" (REST), and the document upload with progress. */
import {
  MAINTENANCE_API,
  docPath,
  docUploadPath,
  type DatasheetDataEntry,
  type DatasheetDocument,
  type DatasheetPart,
  type DatasheetResult,
  type LifecycleList,
  type LifecycleEntryInput,
  type LifecycleSaveRequest,
  type LifecycleSaveResult,
  type MaintenanceConfig,
  type MaintenanceDescription,
  type MaintenanceNotificationList,
  type MaintenanceProtocol,
} from '../../contract/maintenance.ts';
import type { ApiErrorBody } from '../../contract/errors.ts';
import { CSRF_HEADER } from '../../contract/paths.ts';
import type { PvRef } from '../../contract/pv.ts';
import { documentFormParts, type DocumentInput } from '../../domain/validation/forms.ts';
import {
  getCsrfToken,
  getJson,
  http,
  HttpError,
  NetworkError,
  postJson,
  redirectToLogout,
  reportForbidden,
} from '../../api/http.ts';

const pvQuery = (ref: PvRef) => ({ pvType: ref.type, pvNr: ref.nr });

export const loadDatasheetData = (ref: PvRef, signal?: AbortSignal) =>
  getJson<DatasheetResult<DatasheetDataEntry>>(MAINTENANCE_API.data, {
    query: pvQuery(ref),
    signal,
  });
export const loadDatasheetParts = (ref: PvRef, signal?: AbortSignal) =>
  getJson<DatasheetResult<DatasheetPart>>(MAINTENANCE_API.parts, { query: pvQuery(ref), signal });
export const loadDocuments = (ref: PvRef, signal?: AbortSignal) =>
  getJson<DatasheetResult<DatasheetDocument>>(MAINTENANCE_API.docs, {
    query: pvQuery(ref),
    signal,
  });
export const deleteDocument = (id: number) => http<unknown>(docPath(id), { method: 'DELETE' });
export const documentUrl = (id: number, download = false) =>
  download ? `${docPath(id)}?download=1` : docPath(id);

export const loadLifecycle = (ref: PvRef, signal?: AbortSignal) =>
  getJson<LifecycleList>(MAINTENANCE_API.lifecycle, { query: pvQuery(ref), signal });
export const saveLifecycle = (request: LifecycleSaveRequest) =>
  postJson<LifecycleSaveResult>(MAINTENANCE_API.lifecycle, request);

/** One life-cycle entry; with a service type it restarts that interval and closes its notification. */
export const saveLifecycleEntry = (ref: PvRef, entry: LifecycleEntryInput) =>
  postJson<LifecycleSaveResult>(MAINTENANCE_API.lifecycleEntry, {
    pvType: ref.type,
    pvNr: ref.nr,
    entry,
  });

export const loadNotifications = (ref: PvRef | null, signal?: AbortSignal) =>
  getJson<MaintenanceNotificationList>(MAINTENANCE_API.notifications, {
    query: ref ? pvQuery(ref) : {},
    signal,
  });
export const loadDescriptions = (signal?: AbortSignal) =>
  getJson<MaintenanceDescription[]>(MAINTENANCE_API.descriptions, { signal });
export const loadConfigs = (ref: PvRef, signal?: AbortSignal) =>
  getJson<MaintenanceConfig[]>(MAINTENANCE_API.configs, { query: pvQuery(ref), signal });

export const loadProtocolOfPv = (ref: PvRef, signal?: AbortSignal) =>
  getJson<MaintenanceProtocol>(MAINTENANCE_API.protocolOfPv, { query: pvQuery(ref), signal });
export const loadProtocolByStation = (stationNr: number, signal?: AbortSignal) =>
  getJson<MaintenanceProtocol>(MAINTENANCE_API.protocolByStation, {
    query: { stationNr },
    signal,
  });
export const loadProtocolByCompareValue = (
  stationNr: number,
  compareValue: number,
  isPercent: boolean,
  signal?: AbortSignal,
) =>
  getJson<MaintenanceProtocol>(MAINTENANCE_API.protocolByCompareValue, {
    query: { stationNr, compareValue, isPercent },
    signal,
  });

/** An upload the user cancelled (SPEC §8 "upload cancelled"). */
export class UploadCancelled extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelled';
  }
}

export interface UploadHandle {
  done: Promise<DatasheetResult<DatasheetDocument>>;
  /**
   * Stops the upload; resolves once the server knows it is cancelled (a document it stored
   * already is removed, the request arriving later is refused: MA13), or failed to say so.
   */
  cancel(): Promise<void>;
}

/** 32 random hex digits (crypto.randomUUID needs a secure context; a plant LAN may be http). */
function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST datasheets/docs as multipart with upload progress (0..1) and cancel. XMLHttpRequest,
 * because fetch reports no upload progress. A cancel stops the request and tells the server,
 * since the whole file may be there already: the abort alone does not undo a stored document.
 */
export function uploadDocument(
  ref: PvRef,
  input: DocumentInput<File>,
  onProgress: (share: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  const uploadId = newUploadId();
  for (const part of documentFormParts({ ...input, uploadId })) {
    if (part.kind === 'text') form.append(part.name, part.value);
    else form.append(part.name, part.file, part.filename);
  }
  const done = new Promise<DatasheetResult<DatasheetDocument>>((resolve, reject) => {
    xhr.open('POST', `${MAINTENANCE_API.docs}?pvType=${ref.type}&pvNr=${ref.nr}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getCsrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.onerror = () => reject(new NetworkError('upload failed'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status === 401) redirectToLogout();
      if (xhr.status === 403) reportForbidden();
      if (xhr.status >= 200 && xhr.status < 300)
        return resolve(body as DatasheetResult<DatasheetDocument>);
      const error = (body as ApiErrorBody | null)?.error;
      reject(
        new HttpError(
          xhr.status,
          error?.code ?? `http_${xhr.status}`,
          error?.message ?? xhr.statusText,
        ),
      );
    };
    xhr.send(form);
  });
  return {
    done,
    cancel: async () => {
      xhr.abort();
      await http<unknown>(docUploadPath(uploadId), { method: 'DELETE' }).catch(() => undefined);
    },
  };
}
