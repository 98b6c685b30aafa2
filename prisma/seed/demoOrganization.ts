import type { Prisma } from '../../db/models';
import { uuidv7 } from '../../db/uuidv7';
import type { PersonRow } from './bulkInsert';
import {
  acmeDepartmentHeads,
  acmeDepartments,
  type AcmeDepartment,
  type DemoPersonKey,
  type DemoTenantKey,
} from './demoPeople';

type Tx = Prisma.TransactionClient;

/** Two teams per Acme department, one per generated team lead, with the lead's reports as members. */
const acmeTeamNames: Record<AcmeDepartment, [string, string]> = {
  Engineering: ['Platform', 'Design'],
  Sales: ['Enterprise Sales', 'SMB Sales'],
  Marketing: ['Brand', 'Growth'],
  Operations: ['People Ops', 'Finance Ops'],
};

/**
 * The demo organisation beyond departments and reporting lines (company API, Organization): department heads, teams
 * (Acme's "Design" team among them), offices, legal entities and positions, some open. Written in the seed's
 * transaction, deterministic in everything but ids.
 */
export async function insertDemoOrganization(
  tx: Tx,
  input: {
    tenantIds: Record<DemoTenantKey, string>;
    people: PersonRow[];
    departmentIdOf: (tenant: DemoTenantKey, name: string) => string | null;
    employeeIdOf: (key: DemoPersonKey) => string;
  },
): Promise<{ teams: number; positions: number }> {
  const { tenantIds, people, departmentIdOf, employeeIdOf } = input;
  const acme = tenantIds.acme;
  const globex = tenantIds.globex;

  const berlin = uuidv7();
  const london = uuidv7();
  const newYork = uuidv7();
  await tx.location.createMany({
    data: [
      { id: berlin, tenantId: acme, name: 'Berlin HQ', countryCode: 'DE', city: 'Berlin', timeZone: 'Europe/Berlin' },
      {
        id: london,
        tenantId: acme,
        name: 'London Office',
        countryCode: 'GB',
        city: 'London',
        timeZone: 'Europe/London',
      },
      {
        id: newYork,
        tenantId: globex,
        name: 'New York',
        countryCode: 'US',
        city: 'New York',
        timeZone: 'America/New_York',
      },
    ],
  });
  const gmbh = uuidv7();
  const ltd = uuidv7();
  await tx.legalEntity.createMany({
    data: [
      { id: gmbh, tenantId: acme, name: 'Acme GmbH', countryCode: 'DE', registrationNumber: 'HRB 123456' },
      { id: ltd, tenantId: acme, name: 'Acme Ltd', countryCode: 'GB', registrationNumber: '09876543' },
      { tenantId: globex, name: 'Globex Inc.', countryCode: 'US' },
    ],
  });

  const teams: Prisma.TeamCreateManyInput[] = [];
  const members: Prisma.TeamMemberCreateManyInput[] = [];
  const positions: Prisma.PositionCreateManyInput[] = [];
  for (const department of acmeDepartments) {
    const departmentId = departmentIdOf('acme', department)!;
    const headId = employeeIdOf(acmeDepartmentHeads[department]);
    await tx.department.update({ where: { id: departmentId }, data: { headEmployeeId: headId } });
    const leads = people.filter((p) => p.managerId === headId && p.jobTitle.endsWith('Team Lead'));
    leads.slice(0, 2).forEach((lead, i) => {
      const teamId = uuidv7();
      teams.push({
        id: teamId,
        tenantId: acme,
        name: acmeTeamNames[department][i]!,
        departmentId,
        leadEmployeeId: lead.employeeId,
      });
      for (const member of [lead, ...people.filter((p) => p.managerId === lead.employeeId)]) {
        members.push({ teamId, employeeId: member.employeeId, tenantId: acme });
      }
    });
  }
  // Everyone at Acme holds a position; London for Sales and Marketing, Berlin for the rest.
  for (const p of people.filter((x) => x.tenantId === acme)) {
    const inLondon = [departmentIdOf('acme', 'Sales'), departmentIdOf('acme', 'Marketing')].includes(p.departmentId);
    positions.push({
      tenantId: acme,
      title: p.jobTitle,
      departmentId: p.departmentId,
      locationId: inLondon ? london : berlin,
      legalEntityId: inLondon ? ltd : gmbh,
      holderEmployeeId: p.employeeId,
    });
  }
  positions.push(
    {
      tenantId: acme,
      title: 'Senior Software Engineer',
      departmentId: departmentIdOf('acme', 'Engineering'),
      locationId: berlin,
      legalEntityId: gmbh,
    },
    {
      tenantId: acme,
      title: 'Account Executive',
      departmentId: departmentIdOf('acme', 'Sales'),
      locationId: london,
      legalEntityId: ltd,
    },
  );
  await tx.team.createMany({ data: teams });
  await tx.teamMember.createMany({ data: members });
  await tx.position.createMany({ data: positions });
  return { teams: teams.length, positions: positions.length };
}
