/**
 * The Approval Flows inbox on a busy tenant: 20,000 approvals (2,000 employees, 100 approvers, 2% pending for the
 * bench's manager), through the whole pipeline (app.inject: token, scope, visibility, the page query, the views
 * with steps and assignees, zod output check, envelope) against the same page written by hand with `pg` (the
 * approvals waiting for the user, then their assignments and names), in one run. Then HR's `assignee=any` page
 * of the workspace against its hand-written query.
 *
 *   npx tsx bench/approvalInbox.ts [calls=50] [approvals=20000]
 */
import { Pool } from 'pg';
import { buildApp } from '../api/app';
import { loadConfig } from '../config/env';
import { systemClock } from '../engines/clock';
import { issueCredential } from '../engines/tokens/credentials';
import { seedSyntheticTenant } from '../prisma/seed';
import { percentile, printTable, timeCalls } from './report';
import { benchDatabase } from './support';

const PAGE = 50;

async function main(): Promise<void> {
  const calls = Number(process.argv[2] ?? 50);
  const approvals = Number(process.argv[3] ?? 20_000);
  const db = await benchDatabase('approval_inbox');
  const pool = new Pool({ connectionString: db.url, max: 2 });
  try {
    const tenant = await seedSyntheticTenant(db.prisma, {
      employees: 2_000,
      tenantName: 'Bench Inbox Co',
      clock: systemClock,
    });
    const people = await db.prisma.employee.findMany({
      where: { tenantId: tenant.tenantId },
      select: { id: true, userId: true },
      orderBy: { employeeNumber: 'asc' },
    });
    const approvers = people.slice(1, 101).map((p) => p.userId!);
    const me = approvers[0]!;
    const hrUser = people[0]!.userId!;
    await db.prisma.user.update({ where: { id: me }, data: { role: 'MANAGER' } });
    await db.prisma.user.update({ where: { id: hrUser }, data: { role: 'HR_MANAGER' } });
    // Approvals of random employees; every 50th waits for `me`, the others for one of the 100 approvers; a third
    // already decided.
    await pool.query(
      `INSERT INTO approval_instances (id, tenant_id, request_type, subject_id, subject_employee_id, requester_user_id,
         flow_name, steps, facts, summary, status, current_step, step_started_at, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'leave', gen_random_uuid(), e.id, e.user_id, 'Manager',
              '[{"name":"Manager","approver":"manager"}]', '{"days":2}', 'Leave, 2 days for ' || e.name,
              (CASE WHEN g % 3 = 0 THEN 'APPROVED' ELSE 'PENDING' END)::"ApprovalStatus",
              (CASE WHEN g % 3 = 0 THEN 1 ELSE 0 END), now(), now() - (g || ' seconds')::interval, now()
         FROM generate_series(1, $2) g
         JOIN LATERAL (SELECT id, user_id, name FROM employees WHERE tenant_id = $1
                        ORDER BY employee_number OFFSET (g * 7919) % 2000 LIMIT 1) e ON true`,
      [tenant.tenantId, approvals],
    );
    await pool.query(
      `INSERT INTO approval_assignments (id, tenant_id, instance_id, step, assignee_user_id, reason, status, created_at)
       SELECT gen_random_uuid(), i.tenant_id, i.id, 0,
              (CASE WHEN row_number() OVER (ORDER BY i.created_at) % 50 = 0 THEN $2::uuid
                    ELSE ($3::uuid[])[1 + (row_number() OVER (ORDER BY i.created_at) % 100)] END),
              'assigned', (CASE WHEN i.status = 'PENDING' THEN 'PENDING' ELSE 'APPROVED' END)::"ApprovalAssignmentStatus",
              i.created_at
         FROM approval_instances i WHERE i.tenant_id = $1`,
      [tenant.tenantId, me, approvers],
    );
    await pool.query('ANALYZE');
    const waiting = Number(
      (
        await pool.query(
          `SELECT count(*) AS n FROM approval_assignments WHERE assignee_user_id = $1 AND status = 'PENDING'`,
          [me],
        )
      ).rows[0].n,
    );
    console.log(`seeded ${approvals} approvals; ${waiting} wait for the bench's manager`);

    const tokenOf = async (userId: string) =>
      (
        await issueCredential(db.prisma, {
          tenantId: tenant.tenantId,
          userId,
          kind: 'personal_access_token',
          name: 'bench',
          scopes: ['approval-flows:read'],
          expiresAt: null,
          createdById: userId,
        })
      ).secret;
    const config = loadConfig({ LOG_LEVEL: 'silent', SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: true });
    let lastCount = 0;
    const api = (token: string, query: string) => async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/approval-flows/approvals?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${query} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      lastCount = (JSON.parse(res.body) as { data: { approvals: unknown[] } }).data.approvals.length;
    };
    // The same page by hand: the approvals (waiting for the user, or all), then their assignments with names.
    const byHand = (userId: string | null) => async () => {
      const { rows } = await pool.query(
        `SELECT i.* FROM approval_instances i
          WHERE i.tenant_id = $1 AND i.status = 'PENDING'
            AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM approval_assignments a WHERE a.instance_id = i.id
                   AND a.assignee_user_id = $2 AND a.status = 'PENDING'))
          ORDER BY i.id LIMIT $3`,
        [tenant.tenantId, userId, PAGE + 1],
      );
      const ids = rows.slice(0, PAGE).map((r: { id: string }) => r.id);
      await pool.query(
        `SELECT a.*, u.name FROM approval_assignments a JOIN users u ON u.id = a.assignee_user_id
          WHERE a.instance_id = ANY($1::uuid[]) ORDER BY a.step, a.created_at`,
        [ids],
      );
      lastCount = ids.length;
    };

    const mine = await tokenOf(me);
    const hr = await tokenOf(hrUser);
    const cases = [
      ['inbox (assignee=me)', api(mine, `limit=${PAGE}`), byHand(me), Math.min(PAGE, waiting)],
      ['HR, everything pending (assignee=any)', api(hr, `assignee=any&limit=${PAGE}`), byHand(null), PAGE],
    ] as const;
    for (const [, a, b] of cases) {
      await timeCalls(a, 5);
      await timeCalls(b, 5);
    }
    const rows: Array<[string, number, number]> = [];
    for (const [label, apiRun, handRun, expected] of cases) {
      const hand = await timeCalls(handRun, calls);
      if (lastCount !== expected) throw new Error(`${label}: by hand answered ${lastCount}, expected ${expected}`);
      const through = await timeCalls(apiRun, calls);
      if (lastCount !== expected) throw new Error(`${label}: the API answered ${lastCount}, expected ${expected}`);
      const base = percentile(hand, 50);
      rows.push([`${label}: the same page by hand with pg, p50 (baseline)`, base, 1]);
      rows.push([
        `${label}: GET /api/approval-flows/approvals, p50`,
        percentile(through, 50),
        percentile(through, 50) / base,
      ]);
      rows.push([
        `${label}: GET /api/approval-flows/approvals, p95`,
        percentile(through, 95),
        percentile(through, 95) / base,
      ]);
    }
    printTable(`milliseconds per call, ${calls} calls each, ${approvals} approvals, pages of ${PAGE}`, rows);
    await app.close();
  } finally {
    await pool.end();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
