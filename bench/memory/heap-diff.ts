import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapRow {
  what: string;
  count: number;
  bytes: number;
}

/** Objects of a heap snapshot grouped by type and constructor (or function) name: how many, how many bytes. */
function group(file: string): Map<string, HeapRow> {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const rows = new Map<string, HeapRow>();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    // Strings are grouped as one row: their names are their contents.
    const name = type.includes('string') ? '' : snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 60);
    const what = `${type} ${name}`.trim();
    const row = rows.get(what) ?? { what, count: 0, bytes: 0 };
    row.count += 1;
    row.bytes += snapshot.nodes[i + sizeAt];
    rows.set(what, row);
  }
  return rows;
}

/**
 * What `sockets` more sockets added to the heap between two snapshots, per socket, largest first: the
 * rows that show what one socket costs the server (the memory bench writes the top of it).
 */
export function heapDiff(before: string, after: string, sockets: number, top = 25): HeapRow[] {
  const a = group(before);
  const diff: HeapRow[] = [];
  for (const row of group(after).values()) {
    const old = a.get(row.what) ?? { count: 0, bytes: 0 };
    diff.push({
      what: row.what,
      count: (row.count - old.count) / sockets,
      bytes: (row.bytes - old.bytes) / sockets,
    });
  }
  return diff.sort((x, y) => y.bytes - x.bytes).slice(0, top);
}

// `node bench/memory/heap-diff.ts before.heapsnapshot after.heapsnapshot sockets`
if (process.argv[1]?.endsWith('heap-diff.ts')) {
  const [before, after, sockets] = process.argv.slice(2);
  for (const row of heapDiff(before, after, Number(sockets), 40))
    console.log(`${row.bytes.toFixed(1).padStart(8)} B  ${row.count.toFixed(2).padStart(6)}  ${row.what}`);
}
