import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { toolExists, evalCatalogue } from '../../../eval/catalogue';
import { type CorpusRow, type Expected, SPLITS, loadSplit, rowStratum } from '../../../eval/corpus';

const ROOT = join(__dirname, '../../..');
const train = loadSplit('train');
const validation = loadSplit('validation');
const all = [...train, ...validation];

function toolsNamed(expected: Expected): string[] {
  switch (expected.kind) {
    case 'tool':
      return [expected.tool, ...(expected.alt ?? [])];
    case 'tools':
      return expected.calls.map((call) => call.tool);
    case 'question':
      return expected.alt ?? [];
    default:
      return [];
  }
}

function expectedCalls(row: CorpusRow): { tool: string; args: Record<string, unknown> }[] {
  if (row.expected.kind === 'tool') return row.expected.employee ? [] : [row.expected];
  return row.expected.kind === 'tools' ? row.expected.calls : [];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the evaluation corpus', () => {
  it('holds at least 600 rows, at least 200 of them in validation', () => {
    expect(all.length).toBeGreaterThanOrEqual(600);
    expect(validation.length).toBeGreaterThanOrEqual(200);
  });

  it('names each row once, in one split only', () => {
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    const said = all.map((row) => `${row.text}|${row.user}|${row.today}`);
    expect(new Set(said).size).toBe(said.length);
  });

  it('names only tools that exist in the registry or the outbound catalogue', () => {
    const unknown = all.flatMap((row) => toolsNamed(row.expected).filter((tool) => !toolExists(tool)));
    expect(unknown).toEqual([]);
  });

  it('expects only arguments the tool takes', () => {
    const catalogue = evalCatalogue('agent');
    const wrong = all.flatMap((row) =>
      expectedCalls(row).flatMap(({ tool, args }) => {
        const properties = catalogue.find((t) => t.name === tool)?.inputSchema.properties ?? {};
        return Object.keys(args)
          .filter((name) => !(name in properties))
          .map((name) => `${row.id} ${tool}.${name}`);
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('puts about 35 % of each tool rows in validation (stratified by tool)', () => {
    const strata = new Map<string, { total: number; validation: number }>();
    for (const split of SPLITS)
      for (const row of split === 'train' ? train : validation) {
        const entry = strata.get(rowStratum(row.expected)) ?? { total: 0, validation: 0 };
        entry.total += 1;
        if (split === 'validation') entry.validation += 1;
        strata.set(rowStratum(row.expected), entry);
      }
    const off = [...strata].filter(([, { total, validation: v }]) => Math.abs(v - total * 0.35) > 1);
    expect(off).toEqual([]);
  });

  it('is not read by the model nor by its unit tests (the validation split stays unseen)', () => {
    const readers = [join(ROOT, 'model'), join(ROOT, 'test/unit/model')]
      .flatMap(filesUnder)
      .filter((path) => /validation\.jsonl|eval\/corpus|from '(\.\.\/)+eval\//.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(readers).toEqual([]);
  });
});
