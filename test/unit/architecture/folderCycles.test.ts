import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * No import cycle between the top-level folders of the source (docs/architecture.md): the folder graph of every
 * relative import in the tracked TypeScript files, outside tests, benchmarks, scripts and the client package.
 */
const root = path.resolve(__dirname, '../../..');
const skipped = ['test/', 'bench/', 'scripts/', 'client/'];

function folderGraph(): Map<string, Set<string>> {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(
      (file) => file && !skipped.some((prefix) => file.startsWith(prefix)) && fs.existsSync(path.join(root, file)),
    );
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']*)'/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec!));
      const [from, to] = [file.split('/')[0]!, target.split('/')[0]!];
      if (from === to || !fs.existsSync(path.join(root, to)) || !fs.statSync(path.join(root, to)).isDirectory())
        continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as the folders along it. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const visit = (folder: string, trail: string[]) => {
    state.set(folder, 'open');
    for (const next of graph.get(folder) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), folder, next]);
      else if (!state.has(next)) visit(next, [...trail, folder]);
    }
    state.set(folder, 'done');
  };
  for (const folder of graph.keys()) if (!state.has(folder)) visit(folder, []);
  return cycles;
}

describe('the folder graph', () => {
  const graph = folderGraph();

  it('is read from the source: the surfaces reach operations, operations reach engines', () => {
    expect(graph.get('api')).toContain('operations');
    expect(graph.get('mcp')).toContain('operations');
    expect(graph.get('operations')).toContain('engines');
  });

  it('has no cycle between folders', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('would name a cycle if there were one (the check can fail)', () => {
    const withCycle = new Map([...graph].map(([folder, to]) => [folder, new Set(to)]));
    withCycle.get('engines')!.add('api');
    expect(cyclesOf(withCycle).some((cycle) => cycle.includes('engines') && cycle.includes('api'))).toBe(true);
  });
});
