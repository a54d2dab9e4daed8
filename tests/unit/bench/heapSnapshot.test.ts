/**
 * bench/harness/heapSnapshot.ts on a hand-made snapshot: retained sizes over the dominator
 * tree (weak edges left out), the tables by type and constructor, and compiled code by script.
 */
import { describe, expect, it } from 'vitest';
import {
  analyseHeap,
  HeapGraph,
  scriptLabel,
  type RawHeapSnapshot,
} from '../../../bench/harness/heapSnapshot.ts';

const NODE_TYPES = ['hidden', 'object', 'string', 'code', 'array'];
const EDGE_TYPES = ['property', 'element', 'internal', 'weak'];

/** Nodes as [type, name, selfSize, edges: [edgeType, name, to][]]. */
type N = [string, string, number, [string, string, number][]];

function snapshot(nodes: N[]): RawHeapSnapshot {
  const strings: string[] = [];
  const s = (text: string) => {
    const i = strings.indexOf(text);
    return i >= 0 ? i : strings.push(text) - 1;
  };
  const flatNodes: number[] = [];
  const flatEdges: number[] = [];
  nodes.forEach(([type, name, size, edges], id) => {
    flatNodes.push(NODE_TYPES.indexOf(type), s(name), id, size, edges.length);
    for (const [et, en, to] of edges)
      flatEdges.push(EDGE_TYPES.indexOf(et), et === 'element' ? Number(en) : s(en), to * 5);
  });
  return {
    snapshot: {
      meta: {
        node_fields: ['type', 'name', 'id', 'self_size', 'edge_count'],
        node_types: [NODE_TYPES],
        edge_fields: ['type', 'name_or_index', 'to_node'],
        edge_types: [EDGE_TYPES],
      },
      node_count: nodes.length,
      edge_count: flatEdges.length / 3,
    },
    nodes: flatNodes,
    edges: flatEdges,
    strings,
  };
}

// root → window → list → 2 plans (each with a name string); window → cache (weak → list);
// a script with one function that holds 100 bytes of bytecode.
const GRAPH: N[] = [
  ['hidden', '(root)', 0, [['element', '1', 1]]],
  [
    'object',
    'Window',
    10,
    [
      ['property', 'list', 2],
      ['property', 'cache', 5],
      ['property', 'fn', 6],
    ],
  ],
  [
    'object',
    'Array',
    20,
    [
      ['element', '0', 3],
      ['element', '1', 4],
    ],
  ],
  ['object', 'Plan', 30, [['property', 'name', 9]]],
  ['object', 'Plan', 30, []],
  ['object', 'Cache', 5, [['weak', 'held', 2]]],
  [
    'code',
    'system / SharedFunctionInfo / f',
    40,
    [
      ['internal', 'script', 7],
      ['internal', 'bytecode', 8],
    ],
  ],
  ['code', 'system / Script / http://127.0.0.1:1/assets/index-BWFyfJ1M.js', 8, []],
  ['code', 'system / BytecodeArray', 100, []],
  ['string', 'Pumpe 1', 16, []],
];

describe('heap snapshot breakdown', () => {
  it('retained sizes follow the dominators and leave weak edges out', () => {
    const g = new HeapGraph(snapshot(GRAPH));
    const retained = g.retainedSizes();
    // The list holds itself, both plans and the name; the weak cache holds only itself.
    expect(retained[2]).toBe(20 + 30 + 30 + 16);
    expect(retained[5]).toBe(5);
    expect(retained[1]).toBe(10 + 96 + 5 + 40 + 8 + 100);
  });

  it('tables by type, by constructor, code by script and the biggest objects', () => {
    const b = analyseHeap(snapshot(GRAPH), 5);
    expect(b.totalSize).toBe(10 + 20 + 30 + 30 + 5 + 40 + 8 + 100 + 16);
    expect(b.byType[0]).toEqual({ key: 'code', count: 3, selfSize: 148 });
    expect(b.byConstructor.find((g) => g.key === 'object: Plan')).toEqual({
      key: 'object: Plan',
      count: 2,
      selfSize: 60,
    });
    // The function, its bytecode and the script only it reaches here.
    expect(b.codeByScript).toEqual([{ key: 'index.js', count: 1, selfSize: 148 }]);
    expect(b.biggestRetainers.map((n) => n.name).slice(0, 2)).toEqual(['Window', 'Array']);
    expect(b.biggestStrings[0]?.name).toBe('Pumpe 1');
  });

  it("counts React's fibers, hooks and effects by the maps of those that show their fields", () => {
    // Node 1-3 are maps; a hook or fiber whose telling fields are null (left out of a
    // snapshot) still counts by its map.
    const obj = (map: number, fields: string[]): N => [
      'object',
      'Object',
      12,
      [
        ['internal', 'map', map],
        ...fields.map((f): [string, string, number] => ['property', f, 4]),
      ],
    ];
    const nodes: N[] = [
      ['hidden', '(root)', 0, []],
      ['hidden', 'system / Map', 1, []],
      ['hidden', 'system / Map', 1, []],
      ['hidden', 'system / Map', 1, []],
      ['object', 'Plan', 30, []],
      obj(1, ['pendingProps', 'memoizedProps', 'stateNode', 'return']),
      obj(1, ['pendingProps', 'return']),
      obj(2, ['memoizedState', 'baseState', 'queue']),
      obj(2, ['memoizedState']),
      obj(2, ['memoizedState', 'next']),
      obj(3, ['create', 'deps', 'inst', 'next']),
      obj(4, ['memoizedState', 'next']),
    ];
    nodes[0]![3] = nodes
      .map((_, i): [string, string, number] => ['element', String(i), i])
      .slice(1);
    const b = analyseHeap(snapshot(nodes));
    expect(b.react).toEqual({
      fibers: 2,
      fiberBytes: 24,
      hooks: 3,
      hookBytes: 36,
      effects: 1,
      effectBytes: 12,
    });
  });

  it('names a script by its file without the build hash', () => {
    expect(scriptLabel('http://127.0.0.1:1/assets/StationPage-CPv2FMSw.js')).toBe('StationPage.js');
  });
});
