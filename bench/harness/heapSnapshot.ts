/**
 * Reads a V8 heap snapshot (the JSON of CDP HeapProfiler.takeHeapSnapshot, as DevTools saves
 * it) and says where the heap goes: self size by node type and by constructor, retained sizes
 * (the dominator tree, weak edges left out as DevTools does), the biggest single objects,
 * strings and arrays, and the compiled code (functions, bytecode, feedback) by script.
 */

export interface RawHeapSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
    node_count: number;
    edge_count: number;
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapNode {
  index: number;
  type: string;
  name: string;
  selfSize: number;
  retainedSize: number;
}

export interface HeapGroup {
  key: string;
  count: number;
  selfSize: number;
}

export interface HeapBreakdown {
  totalSize: number;
  nodeCount: number;
  byType: HeapGroup[];
  byConstructor: HeapGroup[];
  /** Code (SharedFunctionInfo and what it dominates: bytecode, scope info …) by script. */
  codeByScript: HeapGroup[];
  biggestRetainers: HeapNode[];
  biggestStrings: HeapNode[];
  biggestArrays: HeapNode[];
  /** React's own objects among the reachable ones (`reactParts`). */
  react: ReactParts;
}

/**
 * React's fibers, hook objects and effect objects (a built client has no constructor names for
 * them). A snapshot leaves out the edges to null and undefined, so a kind is known by its hidden
 * class (`map` edge): the maps of the objects that show a kind's telling fields (a fiber with
 * `pendingProps` and `memoizedProps`, a hook with `baseQueue`, or `baseState` and `queue`, an
 * effect with `create` and `inst`), and then every object of those maps. Self sizes only: what
 * they hold (props, closures, deps arrays) is counted where it is.
 */
export interface ReactParts {
  fibers: number;
  fiberBytes: number;
  hooks: number;
  hookBytes: number;
  effects: number;
  effectBytes: number;
}

type ReactKind = 'fiber' | 'hook' | 'effect';

/** The kind node `i`'s fields tell (null: none of them, or not an object). */
export function reactKind(g: HeapGraph, i: number): ReactKind | null {
  if (g.type(i) !== 'object') return null;
  const names = new Set<string>();
  for (let j = g.firstEdge[i]!; j < g.firstEdge[i + 1]!; j++)
    if (g.edgeType(j) === 'property') names.add(g.edgeName(j));
  if (names.has('pendingProps') && names.has('memoizedProps')) return 'fiber';
  if (names.has('baseQueue') || (names.has('baseState') && names.has('queue'))) return 'hook';
  if (names.has('create') && names.has('inst')) return 'effect';
  return null;
}

/** Node `i`'s hidden class (its `map` edge), or -1. */
function mapOf(g: HeapGraph, i: number): number {
  for (let j = g.firstEdge[i]!; j < g.firstEdge[i + 1]!; j++)
    if (g.edgeType(j) === 'internal' && g.edgeName(j) === 'map') return g.edgeTo[j]!;
  return -1;
}

/** React's objects among the nodes `live` keeps (`reactKind` by their maps). */
export function reactParts(g: HeapGraph, live: (i: number) => boolean): ReactParts {
  const kindOfMap = new Map<number, ReactKind>();
  for (let i = 0; i < g.nodeCount; i++) {
    if (!live(i)) continue;
    const kind = reactKind(g, i);
    if (kind === null) continue;
    const map = mapOf(g, i);
    if (map >= 0) kindOfMap.set(map, kind);
  }
  const parts: ReactParts = {
    fibers: 0,
    fiberBytes: 0,
    hooks: 0,
    hookBytes: 0,
    effects: 0,
    effectBytes: 0,
  };
  for (let i = 0; i < g.nodeCount; i++) {
    if (!live(i) || g.type(i) !== 'object') continue;
    const kind = kindOfMap.get(mapOf(g, i));
    if (kind === undefined) continue;
    parts[`${kind}s`]++;
    parts[`${kind}Bytes`] += g.selfSizes[i]!;
  }
  return parts;
}

/** The graph in flat arrays, as the snapshot has it. */
export class HeapGraph {
  readonly nodeCount: number;
  readonly types: Uint8Array;
  readonly names: Uint32Array;
  readonly selfSizes: Float64Array;
  /** First edge (index into the edge arrays) of node i; firstEdge[nodeCount] = edge count. */
  readonly firstEdge: Uint32Array;
  readonly edgeTypes: Uint8Array;
  readonly edgeNames: Uint32Array;
  readonly edgeTo: Uint32Array;
  readonly typeNames: string[];
  readonly edgeTypeNames: string[];
  readonly strings: string[];

  constructor(raw: RawHeapSnapshot) {
    const m = raw.snapshot.meta;
    const nf = m.node_fields.length;
    const ef = m.edge_fields.length;
    const fType = m.node_fields.indexOf('type');
    const fName = m.node_fields.indexOf('name');
    const fSize = m.node_fields.indexOf('self_size');
    const fEdges = m.node_fields.indexOf('edge_count');
    const eType = m.edge_fields.indexOf('type');
    const eName = m.edge_fields.indexOf('name_or_index');
    const eTo = m.edge_fields.indexOf('to_node');
    const n = raw.nodes.length / nf;
    const e = raw.edges.length / ef;
    this.nodeCount = n;
    this.typeNames = m.node_types[0];
    this.edgeTypeNames = m.edge_types[0];
    this.strings = raw.strings;
    this.types = new Uint8Array(n);
    this.names = new Uint32Array(n);
    this.selfSizes = new Float64Array(n);
    this.firstEdge = new Uint32Array(n + 1);
    let edge = 0;
    for (let i = 0; i < n; i++) {
      const o = i * nf;
      this.types[i] = raw.nodes[o + fType]!;
      this.names[i] = raw.nodes[o + fName]!;
      this.selfSizes[i] = raw.nodes[o + fSize]!;
      this.firstEdge[i] = edge;
      edge += raw.nodes[o + fEdges]!;
    }
    this.firstEdge[n] = edge;
    if (edge !== e) throw new Error(`snapshot: ${edge} edges counted, ${e} in the array`);
    this.edgeTypes = new Uint8Array(e);
    this.edgeNames = new Uint32Array(e);
    this.edgeTo = new Uint32Array(e);
    for (let j = 0; j < e; j++) {
      const o = j * ef;
      this.edgeTypes[j] = raw.edges[o + eType]!;
      this.edgeNames[j] = raw.edges[o + eName]!;
      this.edgeTo[j] = raw.edges[o + eTo]! / nf;
    }
  }

  type(i: number): string {
    return this.typeNames[this.types[i]!]!;
  }

  name(i: number): string {
    return this.strings[this.names[i]!]!;
  }

  edgeType(j: number): string {
    return this.edgeTypeNames[this.edgeTypes[j]!]!;
  }

  /** An edge's name: a property name, or an element index for 'element' and 'hidden' edges. */
  edgeName(j: number): string {
    const t = this.edgeType(j);
    return t === 'element' || t === 'hidden'
      ? String(this.edgeNames[j])
      : this.strings[this.edgeNames[j]!]!;
  }

  /**
   * Retained size of every node: the immediate dominators (Cooper, Harvey and Kennedy's
   * iterative algorithm over a reverse post-order from node 0, the snapshot's root), weak
   * edges left out, then each node's self size added to its dominators.
   */
  retainedSizes(): Float64Array {
    const n = this.nodeCount;
    const weak = this.edgeTypeNames.indexOf('weak');
    const strong = (j: number) => this.edgeTypes[j] !== weak;
    // Post-order by an iterative depth-first search.
    const post = new Int32Array(n).fill(-1);
    const order: number[] = [];
    const stack = new Uint32Array(n);
    const cursor = new Uint32Array(n);
    const seen = new Uint8Array(n);
    let top = 0;
    stack[top++] = 0;
    seen[0] = 1;
    cursor[0] = this.firstEdge[0]!;
    while (top > 0) {
      const v = stack[top - 1]!;
      const end = this.firstEdge[v + 1]!;
      let pushed = false;
      while (cursor[v]! < end) {
        const j = cursor[v]!++;
        if (!strong(j)) continue;
        const w = this.edgeTo[j]!;
        if (seen[w]) continue;
        seen[w] = 1;
        cursor[w] = this.firstEdge[w]!;
        stack[top++] = w;
        pushed = true;
        break;
      }
      if (!pushed) {
        top--;
        post[v] = order.length;
        order.push(v);
      }
    }
    // Predecessors of the reachable nodes (compressed rows).
    const predCount = new Uint32Array(n + 1);
    for (let v = 0; v < n; v++) {
      if (!seen[v]) continue;
      for (let j = this.firstEdge[v]!; j < this.firstEdge[v + 1]!; j++)
        if (strong(j)) predCount[this.edgeTo[j]! + 1]!++;
    }
    for (let v = 0; v < n; v++) predCount[v + 1]! += predCount[v]!;
    const preds = new Uint32Array(predCount[n]!);
    const fill = predCount.slice(0, n);
    for (let v = 0; v < n; v++) {
      if (!seen[v]) continue;
      for (let j = this.firstEdge[v]!; j < this.firstEdge[v + 1]!; j++)
        if (strong(j)) preds[fill[this.edgeTo[j]!]!++] = v;
    }
    const idom = new Int32Array(n).fill(-1);
    idom[0] = 0;
    const intersect = (a: number, b: number) => {
      while (a !== b) {
        while (post[a]! < post[b]!) a = idom[a]!;
        while (post[b]! < post[a]!) b = idom[b]!;
      }
      return a;
    };
    for (let changed = true; changed;) {
      changed = false;
      for (let k = order.length - 2; k >= 0; k--) {
        const v = order[k]!;
        let d = -1;
        for (let p = predCount[v]!; p < predCount[v + 1]!; p++) {
          const u = preds[p]!;
          if (idom[u] === -1) continue;
          d = d === -1 ? u : intersect(u, d);
        }
        if (d !== -1 && idom[v] !== d) {
          idom[v] = d;
          changed = true;
        }
      }
    }
    const retained = Float64Array.from(this.selfSizes);
    for (const v of order) if (v !== 0 && idom[v]! >= 0) retained[idom[v]!]! += retained[v]!;
    for (let v = 0; v < n; v++) if (!seen[v]) retained[v] = 0;
    this.dominators = idom;
    return retained;
  }

  /** Immediate dominators, after retainedSizes(). */
  dominators: Int32Array | null = null;
}

/** Key of a node for the by-constructor table: its type and, for objects, its name. */
export function constructorKey(g: HeapGraph, i: number): string {
  const type = g.type(i);
  if (type === 'object' || type === 'native' || type === 'closure' || type === 'hidden')
    return `${type}: ${g.name(i)}`;
  if (type === 'code')
    return `code: ${
      g
        .name(i)
        .replace(/\s*\(.*$/, '')
        .slice(0, 40) || '(code)'
    }`;
  return `(${type})`;
}

const STRING_TYPES = new Set(['string', 'concatenated string', 'sliced string']);

/** The script a SharedFunctionInfo belongs to (its URL), through its `script` edge. */
function scriptOf(g: HeapGraph, sfi: number): string | null {
  for (let j = g.firstEdge[sfi]!; j < g.firstEdge[sfi + 1]!; j++)
    if (g.edgeName(j) === 'script')
      return g.name(g.edgeTo[j]!).replace(/^system \/ Script( \/ )?/, '');
  return null;
}

/** A short label of a script URL: its file name without the build hash. */
export function scriptLabel(url: string): string {
  const file = url.split(/[?#]/)[0]!.split('/').pop() || url || '(no script)';
  return file.replace(/-[A-Za-z0-9_-]{8}(\.js)$/, '$1');
}

function groups(map: Map<string, HeapGroup>, limit: number): HeapGroup[] {
  return [...map.values()].sort((a, b) => b.selfSize - a.selfSize).slice(0, limit);
}

function addTo(map: Map<string, HeapGroup>, key: string, size: number) {
  const gr = map.get(key) ?? { key, count: 0, selfSize: 0 };
  gr.count++;
  gr.selfSize += size;
  map.set(key, gr);
}

/** The breakdown of one snapshot; `top` rows per table. */
export function analyseHeap(raw: RawHeapSnapshot, top = 20): HeapBreakdown {
  const g = new HeapGraph(raw);
  const retained = g.retainedSizes();
  const byType = new Map<string, HeapGroup>();
  const byConstructor = new Map<string, HeapGroup>();
  const codeByScript = new Map<string, HeapGroup>();
  let total = 0;
  const node = (i: number): HeapNode => ({
    index: i,
    type: g.type(i),
    name: g.name(i),
    selfSize: g.selfSizes[i]!,
    retainedSize: retained[i]!,
  });
  const strings: number[] = [];
  const arrays: number[] = [];
  const candidates: number[] = [];
  for (let i = 0; i < g.nodeCount; i++) {
    if (retained[i] === 0 && i !== 0) continue;
    const size = g.selfSizes[i]!;
    total += size;
    const type = g.type(i);
    addTo(byType, type, size);
    addTo(byConstructor, constructorKey(g, i), size);
    if (STRING_TYPES.has(type)) strings.push(i);
    else if (type === 'array' || (type === 'object' && g.name(i) === 'Array')) arrays.push(i);
    if (type === 'object' || type === 'closure' || type === 'array' || type === 'native')
      candidates.push(i);
    if (type === 'code' && g.name(i).startsWith('system / SharedFunctionInfo')) {
      const script = scriptOf(g, i);
      if (script !== null) addTo(codeByScript, scriptLabel(script), retained[i]!);
    }
  }
  const biggest = (list: number[], by: Float64Array) =>
    list
      .sort((a, b) => by[b]! - by[a]!)
      .slice(0, top)
      .map(node);
  return {
    totalSize: total,
    nodeCount: g.nodeCount,
    byType: groups(byType, top),
    byConstructor: groups(byConstructor, top),
    codeByScript: groups(codeByScript, top),
    biggestRetainers: biggest(candidates, retained),
    biggestStrings: biggest(strings, g.selfSizes),
    biggestArrays: biggest(arrays, retained),
    react: reactParts(g, (i) => retained[i] !== 0),
  };
}
