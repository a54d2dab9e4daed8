/**
 * Maintenance: machine data sheets and documents, life cycle, service intervals
 * (maintenance configs), maintenance notifications and overview protocols (SPEC §3
 * "Maintenance config", "Maintenance notification", "Maintenance lifecycle entry",
 * "External document (datasheet)"; §7 "Maintenance"). Maintenance calls identify a PV by
 * pvType and pvNr.
 */
import type { PvType, ResultStatus, RuntimeType, ServiceMessageType } from './enums.ts';
import type { PvRef } from './pv.ts';

export const MAINTENANCE_API = {
  descriptions: '/api/maintenance/descriptions',
  notifications: '/api/maintenance/notifications',
  lifecycle: '/api/maintenance/machine-lifecycle',
  lifecycleEntry: '/api/maintenance/machine-lifecycle/entry',
  docs: '/api/maintenance/datasheets/docs',
  /** GET opens (inline) or downloads (`?download=1`) a document's file; DELETE removes it. */
  doc: '/api/maintenance/datasheets/docs/:id',
  /**
   * Our addition where the spec is silent ("upload cancelled"): DELETE cancels the upload sent
   * with that `uploadId` form field. A document it stored already is removed; sent later, it
   * is refused (409 `upload_cancelled`). Only the user who uploaded can cancel.
   */
  docUpload: '/api/maintenance/datasheets/docs/uploads/:uploadId',
  data: '/api/maintenance/datasheets/data',
  parts: '/api/maintenance/datasheets/parts',
  /** Our addition where the spec is silent: setting a PV's service intervals. */
  configs: '/api/maintenance/configs',
  protocolByStation: '/api/maintenance/maintenanceoverview/protocolbystation',
  protocolByCompareValue: '/api/maintenance/maintenanceoverview/protocolbycomparevalue',
  protocolOfPv: '/api/maintenance/maintenanceoverview/protocolofpv',
} as const;

export const docPath = (id: number) => `/api/maintenance/datasheets/docs/${id}`;
export const docUploadPath = (uploadId: string) =>
  `/api/maintenance/datasheets/docs/uploads/${encodeURIComponent(uploadId)}`;
/** The client's name for one upload (letters, digits, dashes; a UUID). */
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** Suffix codes of the four service message types (SPEC §3 "Maintenance config"). */
export const SERVICE_MESSAGE_CODES: Record<ServiceMessageType, string> = {
  Bottom: 'uwm',
  BottomMiddle: 'muwm',
  TopMiddle: 'mowm',
  Top: 'owm',
};

export const RUNTIME_DIMENSIONS = ['Hours', 'Days', 'Months', 'Years', 'Cycles'] as const;
export type RuntimeDimension = (typeof RUNTIME_DIMENSIONS)[number];

/**
 * Absolute: due when the runtime reaches the target (e.g. replacement at 50 000 h).
 * Active: due every interval counted from the last service recorded in the life cycle.
 */
export const RUNTIME_END_TYPES = ['Other', 'Absolute', 'Active'] as const;
export type RuntimeEndType = (typeof RUNTIME_END_TYPES)[number];

export interface PvMaintenanceRef {
  pvRef: PvRef;
  serviceMessageType: ServiceMessageType;
}

/** SPEC §3 "Maintenance config" plus what a view needs to show the next service due. */
export interface MaintenanceConfig {
  pvMaintenanceRef: PvMaintenanceRef;
  delayTime: number;
  description: string;
  message: string;
  priority: number;
  /** Runtime left until the service is due (negative when overdue), in runtimeDimension. */
  remainingTime: number;
  /** The interval (Active) or the target (Absolute), in runtimeDimension. */
  runtimeHours: number;
  runtimeType: RuntimeType;
  runtimeDimension: RuntimeDimension;
  runtimeEndType: RuntimeEndType;
  currentRuntime: number;
  targetRuntime: number;
  /** Not configured for this PV: no service due from this type. */
  notSet: boolean;
  /** The index of this service's open maintenance notification, null when none is open. */
  openNotification: number | null;
}

/** newMaintenanceConfig carries one type; the engine's item holds all four by type. */
export type MaintenanceConfigSet = Partial<Record<ServiceMessageType, MaintenanceConfig>>;

/** SPEC §3 "Maintenance notification", with the machine it belongs to. */
export interface MaintenanceNotification {
  index: number;
  messageText: string;
  runtimeType: RuntimeType;
  runtimeDimension: RuntimeDimension;
  pvDim: string;
  currentRuntime: number;
  targetRuntime: number;
  remainingRuntime: number;
  runtimeEndType: RuntimeEndType;
  pvRef: PvRef;
  pvName: string;
  stationNumber: number;
  stationName: string;
  serviceMessageType: ServiceMessageType;
  priority: number;
  /** When the runtime crossed its interval (epoch ms). */
  raisedAt: number;
}

export interface MaintenanceNotificationList {
  notifications: MaintenanceNotification[];
}

/** One machine with service intervals (GET descriptions): which PVs maintenance covers. */
export interface MaintenanceDescription {
  pvRef: PvRef;
  name: string;
  stationNumber: number;
  stationName: string;
  descriptions: { serviceMessageType: ServiceMessageType; description: string }[];
}

export const LIFECYCLE_KINDS = [
  'Installation',
  'Inspection',
  'Maintenance',
  'Repair',
  'PartReplacement',
  'Decommissioning',
  'Other',
] as const;
export type LifecycleKind = (typeof LIFECYCLE_KINDS)[number];

/** SPEC §3 "Maintenance lifecycle entry"; fields beyond the timestamp are ours. */
export interface LifecycleEntry {
  id: number;
  pvType: PvType;
  pvNr: number;
  /** Epoch ms. */
  maintenanceTimestamp: number;
  kind: LifecycleKind;
  description: string;
  performedBy: string;
  /** The service this entry records; it restarts that interval (Active). */
  serviceMessageType: ServiceMessageType | null;
  /** The machine's runtime when the entry was recorded (hours), when known. */
  runtimeAtEntry: number | null;
  changedBy: string;
  changedAt: number;
}

/** What the client sends for a new or changed entry. */
export interface LifecycleEntryInput {
  maintenanceTimestamp: number;
  kind: LifecycleKind;
  description: string;
  performedBy: string;
  serviceMessageType: ServiceMessageType | null;
}

export interface LifecycleSaveRequest {
  pvType: PvType;
  pvNr: number;
  entriesToCreate: LifecycleEntryInput[];
  entriesToUpdate: (LifecycleEntryInput & { id: number })[];
  idsToDelete: number[];
}

export interface LifecycleSaveResult {
  status: ResultStatus;
  message: string;
  created: LifecycleEntry[];
  updated: LifecycleEntry[];
  deletedIds: number[];
}

export interface LifecycleList {
  entries: LifecycleEntry[];
  currentUserCanEdit: boolean;
}

export const DOC_TYPES = ['File', 'Link'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** One external document of a machine (SPEC §3 "External document"). */
export interface DatasheetDocument {
  id: number;
  description: string;
  docType: DocType;
  /** Link documents: the web URL. */
  target: string | null;
  fileName: string | null;
  contentType: string | null;
  size: number | null;
  uploadedBy: string;
  uploadedAt: number;
}

/** One line of the machine data (manufacturer, type, rated power ...). */
export interface DatasheetDataEntry {
  /** The field's name as the plant server writes it (German on most plants). */
  label: string;
  /** The field as a key ('manufacturer'), for the client to name in the user's language. */
  key?: string;
  value: string;
  unit: string;
}

export interface DatasheetPart {
  partNumber: string;
  name: string;
  quantity: number;
  supplier: string;
}

/** Datasheet results (SPEC §3): status, message, entries. */
export interface DatasheetResult<E> {
  status: ResultStatus;
  message: string;
  entries: E[];
  currentUserCanEdit: boolean;
}

/** Upload limits the server enforces and the client checks first. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
] as const;

/** POST configs body: the service intervals of one PV. */
export interface MaintenanceConfigInput {
  pvRef: PvRef;
  serviceMessageType: ServiceMessageType;
  runtimeHours: number;
  runtimeEndType: Exclude<RuntimeEndType, 'Other'>;
  priority: number;
  delayTime: number;
  description: string;
  message: string;
}

/** One row of the overview protocols: a machine's service state per type. */
export interface MaintenanceProtocolRow {
  pvRef: PvRef;
  pvName: string;
  stationNumber: number;
  stationName: string;
  serviceMessageType: ServiceMessageType;
  description: string;
  runtimeType: RuntimeType;
  runtimeDimension: RuntimeDimension;
  runtimeEndType: RuntimeEndType;
  currentRuntime: number;
  targetRuntime: number;
  remainingRuntime: number;
  /** Remaining as a share of the interval, 0..100 (0 or below: due). */
  remainingPercent: number;
  lastService: number | null;
  due: boolean;
  /**
   * Our addition: the runtime's growth per day over the last 30 days (from the archive), and
   * the date the service falls due at that rate; null when the machine did not run or the
   * archive does not know.
   */
  ratePerDay?: number | null;
  estimatedDue?: number | null;
  /** The archive is still preparing the runtime's history: the estimate follows shortly. */
  estimatePending?: boolean;
}

/** The remaining life of a station control unit's storage card (SPEC §9: warn below 20 %). */
export interface StorageCardLife {
  stationNumber: number;
  stationName: string;
  /** Remaining write endurance, 0..100. */
  lifePercent: number;
}

export interface MaintenanceProtocol {
  rows: MaintenanceProtocolRow[];
  /** Protocol by station only: the storage cards of the stations asked for. */
  storageCards?: StorageCardLife[];
}
