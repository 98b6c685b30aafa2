import type { PrismaClient } from '../db/prismaClient';

/** A uuid derived from a text (version 4 and variant bits set, as the API's uuid checks want): found again by SQL. */
const idOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * What the analytics bench counts, on top of the synthetic tenant (prisma/seed: people hired 2010-2025, this year's
 * leave balances): for the year 2025 and a little on either side of it, so the period's edges cut something. Each
 * table takes one set-based INSERT ... SELECT over the employees (no per-row round trip, no API call); ids of rows
 * that other rows point to are derived with md5, so the second statement finds them without RETURNING.
 *
 * - leavers: one in seven hired before 2025 leaves on a day of 2025;
 * - leave: three approved requests of 2025 per person (absence), annual and sick balances of 2025 (liability);
 * - salaries: one from the hire date, a raise on 2025-04-01 and one on 2026-04-01 (after the period), in EUR, USD
 *   or GBP; one person in fifty has none (unpriced);
 * - timesheets: a weekly sheet for every week of employment from 2024-12-30 to 2026-01-04 (about 530 000 rows at
 *   10 000 people), one in ten not approved, overtime on one in five;
 * - expenses: six categories, six claims per person from October 2024 to March 2026, three lines each, statuses from
 *   draft to reimbursed;
 * - recruiting: an opening per department; everyone hired since June 2024 came through an accepted offer, beside
 *   four other candidates (rejected, one with a declined offer).
 */
export async function seedAnalyticsFigures(db: PrismaClient, tenantId: string, hrUserId: string): Promise<void> {
  const t = tenantId;
  await db.$executeRaw`
    UPDATE employees SET termination_date = DATE '2025-01-01' + (employee_number * 37 % 365)
    WHERE tenant_id = ${t}::uuid AND employee_number % 7 = 0 AND hire_date < DATE '2025-01-01'`;
  // A week in spring, two days in summer, a half day in autumn.
  await db.$executeRaw`
    INSERT INTO leave_requests (id, tenant_id, employee_id, policy_id, start_date, end_date, half_day, total_days,
                                status, routed_to, created_by_user_id, updated_at)
    SELECT gen_random_uuid(), e.tenant_id, e.id, p.id, s.start_date + (e.employee_number % 20),
           s.start_date + (e.employee_number % 20) + s.span, s.half, s.days, 'APPROVED', 'MANAGER', e.user_id, now()
    FROM employees e
    JOIN leave_policies p ON p.tenant_id = e.tenant_id AND p.is_default
    CROSS JOIN (VALUES (DATE '2025-04-07', 4, false, 5), (DATE '2025-07-14', 1, false, 2),
                       (DATE '2025-10-06', 0, true, 0.5)) AS s(start_date, span, half, days)
    WHERE e.tenant_id = ${t}::uuid AND e.user_id IS NOT NULL`;
  await db.$executeRaw`
    INSERT INTO leave_balances (tenant_id, employee_id, policy_id, year, allocated, pending, used)
    SELECT e.tenant_id, e.id, p.id, 2025, p.yearly_allocation_days + e.employee_number % 6, 0,
           7.5 + (e.employee_number % 23) / 2.0
    FROM employees e JOIN leave_policies p ON p.tenant_id = e.tenant_id
    WHERE e.tenant_id = ${t}::uuid
    ON CONFLICT DO NOTHING`;
  await db.$executeRaw`
    INSERT INTO salaries (id, tenant_id, employee_id, effective_date, annual_minor, currency, reason, created_by_user_id)
    SELECT gen_random_uuid(), e.tenant_id, e.id, s.effective_date,
           (3000000 + (e.employee_number * 7919 % 60) * 100000)::bigint * s.factor / 100,
           CASE WHEN e.employee_number % 10 < 6 THEN 'EUR' WHEN e.employee_number % 10 < 9 THEN 'USD' ELSE 'GBP' END,
           s.reason, ${hrUserId}::uuid
    FROM employees e
    CROSS JOIN LATERAL (VALUES (e.hire_date, 100, 'hire'), (DATE '2025-04-01', 103, 'raise'),
                               (DATE '2026-04-01', 106, 'raise')) AS s(effective_date, factor, reason)
    WHERE e.tenant_id = ${t}::uuid AND e.employee_number % 50 <> 7 AND (s.reason = 'hire' OR s.effective_date > e.hire_date)`;
  await db.$executeRaw`
    INSERT INTO timesheets (id, tenant_id, employee_id, start_date, end_date, status, worked_minutes, target_minutes,
                            overtime_minutes, warnings, created_by_user_id, updated_at)
    SELECT gen_random_uuid(), e.tenant_id, e.id, w.monday, w.monday + 6,
           (CASE (e.employee_number + w.n) % 20 WHEN 0 THEN 'SUBMITTED' WHEN 1 THEN 'REJECTED' ELSE 'APPROVED'
            END)::"TimesheetStatus",
           2400 + o.minutes, 2400, o.minutes, '{}', e.user_id, now()
    FROM employees e
    CROSS JOIN LATERAL (SELECT n, DATE '2024-12-30' + 7 * n AS monday FROM generate_series(0, 53) AS n) w
    CROSS JOIN LATERAL (SELECT CASE WHEN (e.employee_number * 7 + w.n * 3) % 5 = 0
                                    THEN ((e.employee_number + w.n) % 8 + 1) * 30 ELSE 0 END AS minutes) o
    WHERE e.tenant_id = ${t}::uuid AND e.hire_date <= w.monday + 6
      AND (e.termination_date IS NULL OR e.termination_date >= w.monday)`;
  await seedExpenses(db, t);
  await seedRecruiting(db, t, hrUserId);
}

async function seedExpenses(db: PrismaClient, t: string): Promise<void> {
  await db.$executeRawUnsafe(
    `
    INSERT INTO expense_categories (id, tenant_id, name, currency, limit_action, updated_at)
    SELECT ${idOf(`$1::text || '/category/' || n`)}, $1::uuid, name, 'EUR', 'flag', now()
    FROM unnest(ARRAY['Travel', 'Meals', 'Lodging', 'Mileage', 'Equipment', 'Training']) WITH ORDINALITY AS c(name, n)`,
    t,
  );
  // Quarter q of 2025 (-1: the last of 2024, 4: the first of 2026), three lines spread over 85 days each.
  const amount = (line: string) =>
    `(1000 + ((e.employee_number * 31 + q * 7 + ${line} * 13) % 200) * 125)`; /* minor units */
  const lineAmount = amount('k');
  await db.$executeRawUnsafe(
    `
    INSERT INTO expense_claims (id, tenant_id, employee_id, title, currency, status, total_minor, flags,
                                created_by_user_id, updated_at)
    SELECT ${idOf(`e.id::text || '/claim/' || q`)}, e.tenant_id, e.id, 'Expenses, quarter ' || q,
           CASE WHEN e.employee_number % 10 < 6 THEN 'EUR' WHEN e.employee_number % 10 < 9 THEN 'USD' ELSE 'GBP' END,
           (CASE (e.employee_number + q) % 10 WHEN 0 THEN 'DRAFT' WHEN 1 THEN 'SUBMITTED' WHEN 2 THEN 'REJECTED'
                 WHEN 3 THEN 'REIMBURSED' WHEN 4 THEN 'REIMBURSED' ELSE 'APPROVED' END)::"ExpenseClaimStatus",
           (SELECT sum(${lineAmount}) FROM generate_series(0, 2) AS k), '{}', e.user_id, now()
    FROM employees e CROSS JOIN generate_series(-1, 4) AS q
    WHERE e.tenant_id = $1::uuid AND e.user_id IS NOT NULL`,
    t,
  );
  await db.$executeRawUnsafe(
    `
    INSERT INTO expense_lines (id, tenant_id, claim_id, position, category_id, date, description, amount_minor,
                               currency, claim_amount_minor, flags)
    SELECT gen_random_uuid(), c.tenant_id, c.id, k, ${idOf(`$1::text || '/category/' || (1 + (e.employee_number + k) % 6)`)},
           DATE '2025-01-01' + q * 91 + (e.employee_number * 11 + k * 17) % 85, 'line ' || k, ${lineAmount},
           c.currency, ${lineAmount}, '{}'
    FROM employees e CROSS JOIN generate_series(-1, 4) AS q CROSS JOIN generate_series(0, 2) AS k
    JOIN expense_claims c ON c.id = ${idOf(`e.id::text || '/claim/' || q`)}
    WHERE e.tenant_id = $1::uuid`,
    t,
  );
}

async function seedRecruiting(db: PrismaClient, t: string, hrUserId: string): Promise<void> {
  await db.$executeRawUnsafe(
    `
    INSERT INTO job_openings (id, tenant_id, title, department_id, hiring_manager_id, recruiter_ids, openings, status,
                              opened_at, created_by_user_id, updated_at)
    SELECT ${idOf(`$1::text || '/opening/' || coalesce(d.id::text, '')`)}, $1::uuid, 'Hiring ' || coalesce(d.name, 'staff'),
           d.id, owner.id, '{}', 1000, 'OPEN', TIMESTAMPTZ '2024-01-01 09:00Z', $2::uuid, now()
    FROM (SELECT id, name FROM departments WHERE tenant_id = $1::uuid UNION ALL SELECT NULL, NULL) AS d
    CROSS JOIN (SELECT id FROM employees WHERE tenant_id = $1::uuid AND employee_number = 1) AS owner`,
    t,
    hrUserId,
  );
  // Candidate k = 0 was hired (their employee row); k = 1..4 applied beside them and were rejected.
  const who = `
    FROM employees e CROSS JOIN generate_series(0, 4) AS k
    CROSS JOIN LATERAL (SELECT (e.hire_date - 7 - e.employee_number % 21 + time '10:00') AT TIME ZONE 'UTC' AS accepted) a
    WHERE e.tenant_id = $1::uuid AND e.hire_date >= DATE '2024-06-01'`;
  await db.$executeRawUnsafe(
    `
    INSERT INTO candidates (id, tenant_id, name, email, source, updated_at)
    SELECT ${idOf(`e.id::text || '/candidate/' || k`)}, e.tenant_id, 'Candidate ' || e.employee_number || '-' || k,
           'candidate-' || e.employee_number || '-' || k || '@applicants.test', 'applied', now() ${who}`,
    t,
  );
  await db.$executeRawUnsafe(
    `
    INSERT INTO applications (id, tenant_id, opening_id, candidate_id, stage, employee_id, stage_changed_at, created_at,
                              updated_at)
    SELECT ${idOf(`e.id::text || '/application/' || k`)}, e.tenant_id,
           ${idOf(`$1::text || '/opening/' || coalesce(e.department_id::text, '')`)}, ${idOf(`e.id::text || '/candidate/' || k`)},
           CASE WHEN k = 0 THEN 'hired' ELSE 'rejected' END, CASE WHEN k = 0 THEN e.id END, a.accepted,
           a.accepted - make_interval(days => 14 + (e.employee_number * 13 + k) % 90), now() ${who}`,
    t,
  );
  await db.$executeRawUnsafe(
    `
    INSERT INTO offers (id, tenant_id, application_id, job_title, department_id, employment_type, start_date,
                        salary_minor, currency, status, responded_at, employee_id, created_by_user_id, updated_at)
    SELECT gen_random_uuid(), e.tenant_id, ${idOf(`e.id::text || '/application/' || k`)}, e.job_title, e.department_id,
           'full_time', e.hire_date, 4000000, 'EUR', (CASE WHEN k = 0 THEN 'ACCEPTED' ELSE 'DECLINED' END)::"OfferStatus",
           a.accepted - make_interval(days => k), CASE WHEN k = 0 THEN e.id END, $2::uuid, now() ${who} AND k < 2`,
    t,
    hrUserId,
  );
}
