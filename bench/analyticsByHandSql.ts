/**
 * The analytics figures written by hand, each one SQL statement over the whole workspace by month, as the bench's
 * baselines (bench/analyticsByHand.ts reads the operations' answers against their rows). Parameters: $1 tenant,
 * $2 first day, $3 last day of the period. Written for the question, not copied from the engine (GROUPING SETS for
 * the year beside its months, DISTINCT ON for the salary of a day), except headcount and absence, whose hand
 * versions came first and the engine followed.
 */

/** Headcount at each month's start and end, hires and leavers, per month and department. */
export const HEADCOUNT = `
  WITH buckets AS MATERIALIZED (
    SELECT gs::date AS bucket_start, (gs + interval '1 month' - interval '1 day')::date AS bucket_end
    FROM generate_series($2::date, $3::date, interval '1 month') gs
  ), people AS (
    SELECT GREATEST(hire_date, $2::date - 1) AS hire_date,
           CASE WHEN termination_date > $3::date THEN NULL ELSE termination_date END AS termination_date,
           department_id, count(*) AS n
    FROM employees
    WHERE tenant_id = $1 AND hire_date <= $3::date AND (termination_date IS NULL OR termination_date >= $2::date)
    GROUP BY 1, 2, 3
  )
  SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS month, p.department_id::text AS department_id,
    coalesce(sum(n) FILTER (WHERE hire_date <= bucket_start
                            AND (termination_date IS NULL OR termination_date >= bucket_start)), 0)::int AS start,
    coalesce(sum(n) FILTER (WHERE hire_date <= bucket_end
                            AND (termination_date IS NULL OR termination_date >= bucket_end)), 0)::int AS "end",
    coalesce(sum(n) FILTER (WHERE hire_date BETWEEN bucket_start AND bucket_end), 0)::int AS hires,
    coalesce(sum(n) FILTER (WHERE termination_date BETWEEN bucket_start AND bucket_end), 0)::int AS leavers
  FROM buckets b CROSS JOIN people p GROUP BY b.bucket_start, p.department_id`;

/** Scheduled and absent working days per month: a cumulative working-day calendar, two lookups each. */
export const ABSENCE = `
  WITH buckets AS MATERIALIZED (
    SELECT gs::date AS bucket_start, (gs + interval '1 month' - interval '1 day')::date AS bucket_end
    FROM generate_series($2::date, $3::date, interval '1 month') gs
  ), cal AS (
    SELECT d::date AS day, count(*) FILTER (WHERE extract(isodow FROM d) < 6 AND d >= $2::date AND NOT EXISTS (
      SELECT 1 FROM public_holidays h WHERE h.tenant_id = $1 AND h.date = d::date)) OVER (ORDER BY d) AS n
    FROM generate_series($2::date - 1, $3::date, interval '1 day') d
  ), people AS (
    SELECT id, GREATEST(hire_date, $2::date) AS f, LEAST(coalesce(termination_date, $3::date), $3::date) AS l
    FROM employees WHERE tenant_id = $1 AND hire_date <= $3::date
      AND (termination_date IS NULL OR termination_date >= $2::date)
  ), employment AS (
    SELECT f, l, count(*) AS k FROM people GROUP BY 1, 2
  ), spans AS (
    SELECT b.bucket_start, GREATEST(p.f, b.bucket_start) AS s, LEAST(p.l, b.bucket_end) AS e, sum(k) AS k
    FROM buckets b JOIN employment p ON p.f <= b.bucket_end AND p.l >= b.bucket_start GROUP BY 1, 2, 3
  ), scheduled AS (
    SELECT bucket_start, sum((ce.n - cs.n) * k) AS days
    FROM spans JOIN cal cs ON cs.day = s - 1 JOIN cal ce ON ce.day = e GROUP BY 1
  ), requests AS MATERIALIZED (
    SELECT employee_id, start_date, end_date, half_day FROM leave_requests
    WHERE tenant_id = $1 AND status IN ('APPROVED', 'IN_PROGRESS', 'COMPLETED')
      AND start_date <= $3::date AND end_date >= $2::date
  ), leave_spans AS (
    SELECT GREATEST(r.start_date, p.f) AS s, LEAST(r.end_date, p.l) AS e, sum(CASE WHEN r.half_day THEN 0.5 ELSE 1 END) AS k
    FROM requests r JOIN people p ON p.id = r.employee_id GROUP BY 1, 2
  ), leave AS (
    SELECT b.bucket_start, GREATEST(l.s, b.bucket_start) AS s, LEAST(l.e, b.bucket_end) AS e, sum(l.k) AS k
    FROM leave_spans l JOIN buckets b ON l.s <= b.bucket_end AND l.e >= b.bucket_start GROUP BY 1, 2, 3
  ), absent AS (
    SELECT bucket_start, sum((ce.n - cs.n) * k) AS days
    FROM leave JOIN cal cs ON cs.day = s - 1 JOIN cal ce ON ce.day = e WHERE s <= e GROUP BY 1
  )
  SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS month, coalesce(s.days, 0)::int AS scheduled,
         coalesce(a.days, 0)::float8 AS absent
  FROM buckets b LEFT JOIN scheduled s USING (bucket_start) LEFT JOIN absent a USING (bucket_start)`;

/**
 * Untaken annual days of the people employed on the last day, priced at their salary of that day / 260 (a balance
 * on a day: $2 is only checked against $3, so the three statements take the same parameters).
 */
export const LEAVE_LIABILITY = `
  SELECT s.currency, count(*)::int AS employees, sum(u.days)::float8 AS days,
         round(sum(u.days * s.annual_minor / 260::numeric))::float8 AS amount
  FROM (SELECT b.employee_id, sum(b.allocated - b.used) AS days
        FROM leave_balances b
        JOIN leave_policies p ON p.id = b.policy_id AND p.kind = 'annual'
        JOIN employees e ON e.id = b.employee_id
        WHERE b.tenant_id = $1 AND b.year = extract(year FROM $3::date)::int AND $2::date <= $3::date
          AND e.hire_date <= $3::date AND (e.termination_date IS NULL OR e.termination_date >= $3::date)
        GROUP BY b.employee_id) u
  LEFT JOIN (SELECT DISTINCT ON (employee_id) employee_id, currency, annual_minor FROM salaries
             WHERE tenant_id = $1 AND effective_date <= $3::date
             ORDER BY employee_id, effective_date DESC) s USING (employee_id)
  GROUP BY s.currency`;

/** Approved overtime by the month of the week's Sunday, and for the year (distinct people do not add up). */
export const OVERTIME = `
  SELECT to_char(date_trunc('month', t.end_date), 'YYYY-MM-DD') AS month, sum(t.overtime_minutes)::int AS minutes,
         count(*)::int AS sheets, count(DISTINCT t.employee_id)::int AS people
  FROM timesheets t JOIN employees e ON e.id = t.employee_id AND e.tenant_id = $1
  WHERE t.tenant_id = $1 AND t.status = 'APPROVED' AND t.end_date BETWEEN $2::date AND $3::date
  GROUP BY GROUPING SETS ((date_trunc('month', t.end_date)), ())`;

/** Lines of approved and reimbursed claims: per month and currency, per currency, per currency and category. */
export const EXPENSES = `
  SELECT to_char(date_trunc('month', l.date), 'YYYY-MM-DD') AS month, c.currency, l.category_id::text AS category_id,
         max(k.name) AS category_name, sum(l.claim_amount_minor)::float8 AS amount, count(*)::int AS lines
  FROM expense_lines l
  JOIN expense_claims c ON c.id = l.claim_id
  JOIN employees e ON e.id = c.employee_id AND e.tenant_id = $1
  JOIN expense_categories k ON k.id = l.category_id
  WHERE l.tenant_id = $1 AND l.date BETWEEN $2::date AND $3::date AND c.status IN ('APPROVED', 'REIMBURSED')
  GROUP BY GROUPING SETS ((date_trunc('month', l.date), c.currency), (c.currency), (c.currency, l.category_id))`;

/** Days from application to accepted offer, by the month of acceptance and for the year. */
export const TIME_TO_HIRE = `
  SELECT to_char(date_trunc('month', accepted_on), 'YYYY-MM-DD') AS month, count(*)::int AS hires,
         (percentile_cont(0.5) WITHIN GROUP (ORDER BY days))::float8 AS median, round(avg(days), 1)::float8 AS mean,
         min(days)::int AS min, max(days)::int AS max
  FROM (SELECT (o.responded_at AT TIME ZONE 'UTC')::date AS accepted_on,
               (o.responded_at AT TIME ZONE 'UTC')::date - (a.created_at AT TIME ZONE 'UTC')::date AS days
        FROM offers o
        JOIN applications a ON a.id = o.application_id
        JOIN employees e ON e.id = o.employee_id AND e.tenant_id = $1
        WHERE o.tenant_id = $1 AND o.status = 'ACCEPTED'
          AND (o.responded_at AT TIME ZONE 'UTC')::date BETWEEN $2::date AND $3::date) h
  GROUP BY GROUPING SETS ((date_trunc('month', accepted_on)), ())`;
