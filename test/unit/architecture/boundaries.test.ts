import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder boundaries of eslint.boundaries.mjs fire on an import against the direction of the picture
 * (cli → api, mcp, activities → operations → engines → db) and let the allowed ones through. The tree itself passing
 * is `npm run lint`'s part; this shows the rule is not one that cannot fail.
 */
const root = path.resolve(__dirname, '../../..');
const fixture = fs.readFileSync(path.join(root, 'test/fixtures/boundaries/engineImportingApi.ts.txt'), 'utf8');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

function lintAt(cases: Array<{ path: string; code: string }>): LintMessage[][] {
  const out = execFileSync(process.execPath, [path.join(root, 'scripts/lintBoundaries.mjs')], {
    cwd: root,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return JSON.parse(out) as LintMessage[][];
}

const importing = (target: string) => `import * as imported from '${target}';\n\nexport const use = imported;\n`;

const refused: Array<[string, string, RegExp]> = [
  ['engines/leave/fixture.ts', fixture, /engines\/ may not import this/],
  ['operations/leave/fixture.ts', importing('../../api/routes'), /operations\/ may not import this/],
  ['mcp/inbound/fixture.ts', importing('../../api/auth'), /mcp\/ may not import this/],
  ['activities/agent/fixture.ts', importing('../../api/app'), /activities\/ may not import this/],
  ['lib/connector/fixture.ts', importing('../../engines/appError'), /lib\/ may not import this/],
  ['connector/fixture.ts', importing('../engines/appError'), /connector\/ may not import this/],
  ['workflows/agentRun/fixture.ts', importing('../../engines/appError'), /workflows\/ may not import this/],
  ['temporal/fixture.ts', importing('../api/app'), /temporal\/ may not import this/],
];

const allowed: Array<[string, string]> = [
  ['cli/commands/fixture.ts', fixture],
  ['api/fixture.ts', importing('../mcp/inbound/server')],
  ['activities/agent/fixture.ts', importing('../../mcp/outbound/catalogue')],
  ['operations/leave/fixture.ts', importing('../../engines/appError')],
  ['engines/agent/fixture.ts', importing('../../model/types')],
  ['connector/fixture.ts', importing('../lib/connector/protocol')],
];

describe('folder boundaries (eslint.boundaries.mjs)', () => {
  const results = lintAt([
    ...refused.map(([at, code]) => ({ path: at, code })),
    ...allowed.map(([at, code]) => ({ path: at, code })),
  ]);

  it.each(refused.map(([at, , message], i) => [at, message, i] as const))(
    'refuses the wrong import in %s',
    (_at, message, i) => {
      expect(results[i]).toEqual([
        expect.objectContaining({ ruleId: 'import-x/no-restricted-paths', message: expect.stringMatching(message) }),
      ]);
    },
  );

  it.each(allowed.map(([at], i) => [at, refused.length + i] as const))('lets %s import down the picture', (_at, i) => {
    expect(results[i]).toEqual([]);
  });
});
