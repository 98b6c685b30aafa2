import { operations } from '../../../operations';
import type { Operation } from '../../../operations/defineOperation';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import {
  othersMismatches,
  registryMismatches,
  roleScopeMismatches,
  tokenCache,
} from '../../support/authorizationMatrix';
import { companyAccessTable } from '../../support/companyAccessTable';
import { companyMismatches } from '../../support/companyMatrix';
import { companySamples } from '../../support/companySamples';
import { contractAccessTable } from '../../support/contractAccessTable';
import { contractSamples } from '../../support/contractSamples';

/**
 * The authorization matrix fails when the code drifts from its table: an API built from a copy of the registry in
 * which list_leave_requests asks for reports:read instead of leave:read (a scope swapped by mistake), and get_me
 * no longer takes a browser's delegated credential, and the company API's list_departments asks for people:read
 * instead of organization:read, is run through both matrices' own checks.
 */
const drifted: Operation[] = operations.map((op) =>
  op.name === 'list_leave_requests'
    ? { ...op, access: 'reports:read' }
    : op.name === 'get_me'
      ? { ...op, credentials: ['personal_access_token'] }
      : op.name === 'list_departments'
        ? { ...op, access: 'people:read' }
        : op,
);
const opNamed = (name: string) => drifted.find((op) => op.name === name)!;
const isContractOperation = (op: Operation) => op.access !== 'public' && op.path.startsWith('/api/v1/');

let h: ApiHarness;
const samples = contractSamples(() => h.db.prisma);
const tokens = tokenCache(() => h.db.prisma);
const target = () => ({ app: h.app, prisma: h.db.prisma });

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000' }, {}, drifted);
});
afterAll(() => h?.close());

describe('the authorization matrix against a drifted copy of the registry', () => {
  it('names both drifted operations when it compares the registry with the table', () => {
    expect(registryMismatches(drifted, contractAccessTable, isContractOperation)).toEqual([
      'get_me: the registry takes personal_access_token, the table personal_access_token, delegated_credential',
      'list_leave_requests: the registry says reports:read, the table leave:read',
    ]);
    // The same comparison on the registry as it is finds nothing (so the lines above are the drift's).
    expect(registryMismatches(operations, contractAccessTable, isContractOperation)).toEqual([]);
  });

  it('fails list_leave_requests over HTTP: the table’s scope alone is refused, and every line names it', async () => {
    const lines = await roleScopeMismatches(
      target(),
      opNamed('list_leave_requests'),
      contractAccessTable.list_leave_requests!,
      samples.list_leave_requests!,
      tokens,
      'personal_access_token',
    );
    // Each of the six people with exactly leave:read now gets 403 where the contract says 200.
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(line).toMatch(
        /^list_leave_requests: personal_access_token \w+ \[exactly the table’s scope\]: 403, expected 200/,
      );
    }
  });

  it('fails get_me over HTTP for the delegated credential the contract takes', async () => {
    const lines = await roleScopeMismatches(
      target(),
      opNamed('get_me'),
      contractAccessTable.get_me!,
      samples.get_me!,
      tokens,
      'delegated_credential',
    );
    // Every person, with each of the three scope sets (get_me takes any token), now gets 403 where it says 200.
    expect(lines).toHaveLength(18);
    for (const line of lines) expect(line).toMatch(/^get_me: delegated_credential \w+ \[.+\]: 403, expected 200/);
  });

  it('passes an operation that did not drift, on the same app', async () => {
    expect(
      await roleScopeMismatches(
        target(),
        opNamed('list_leave_approvals'),
        contractAccessTable.list_leave_approvals!,
        samples.list_leave_approvals!,
        tokens,
        'personal_access_token',
      ),
    ).toEqual([]);
  });

  it('fails a visibility rule that differs from the code: a table saying admins may not see Bob’s webhook', async () => {
    const row = { ...contractAccessTable.get_agent_webhook!, others: { allowed: [], forbidden: [] } };
    const lines = await othersMismatches(
      target(),
      opNamed('get_agent_webhook'),
      row,
      samples.get_agent_webhook!,
      tokens,
    );
    expect(lines.map((line) => line.replace(/ \{.*$/s, ''))).toEqual([
      "get_agent_webhook: personal_access_token ADMIN on Bob's: 200, expected 404",
      "get_agent_webhook: personal_access_token OWNER on Bob's: 200, expected 404",
      "get_agent_webhook: delegated_credential ADMIN on Bob's: 200, expected 404",
      "get_agent_webhook: delegated_credential OWNER on Bob's: 200, expected 404",
    ]);
  });

  it('fails list_departments of the company table over HTTP, in the company matrix’s own check', async () => {
    const lines = await companyMismatches(
      target(),
      'list_departments',
      companyAccessTable.list_departments!,
      companySamples(() => h.db.prisma).list_departments!,
      tokens,
      ['personal_access_token'],
    );
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(line).toMatch(/^list_departments: personal_access_token \w+ \[the scope alone\]: 403, expected 200/);
    }
  });
});
