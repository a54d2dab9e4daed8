/** REST calls of SPEC §7 "Station" and the PV lists a station page needs. */
import { API } from '../contract/paths.ts';
import type { PvListEntry } from '../contract/plant.ts';
import type { PvNode } from '../contract/pv.ts';
import type { Station, StationCallRequest, StationCallResult } from '../contract/station.ts';
import { getJson, postJson } from './http.ts';

export const fetchStations = (signal?: AbortSignal) =>
  getJson<Station[]>(API.station.all, { signal });

export const fetchPvNodes = (signal?: AbortSignal) => getJson<PvNode[]>(API.pv.nodes, { signal });

/** GET /api/Pv/all: every PV of the plant with name and station, for pickers over the plant. */
export const fetchPvList = (signal?: AbortSignal) => getJson<PvListEntry[]>(API.pv.all, { signal });

export const callStations = (request: StationCallRequest) =>
  postJson<StationCallResult>(API.station.call, request);
