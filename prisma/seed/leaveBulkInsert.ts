import type { LeaveStatus } from '../../db/models';
import type { RawExecutor } from './bulkInsert';

/**
 * Bulk inserts of the leave tables for the seeds: one statement per table (unnest of arrays), whatever the
 * number of rows, so a 10,000-employee tenant gets its balances in a fraction of a second. Ids are made by
 * the caller. Dates are `YYYY-MM-DD` strings.
 */

export interface PolicyRow {
  id: string;
  tenantId: string;
  name: string;
  kind: string;
  isDefault: boolean;
  yearlyAllocationDays: number;
  allowHalfDays: boolean;
  allowNegativeBalance: boolean;
  carryOverMaxDays: number;
  minNoticeDays: number;
  maxPastDays: number;
  requiresApproval: boolean;
}

export interface HolidayRow {
  id: string;
  tenantId: string;
  date: string;
  name: string;
}

export interface RequestRow {
  id: string;
  tenantId: string;
  employeeId: string;
  policyId: string;
  startDate: string;
  endDate: string;
  halfDay: boolean;
  totalDays: number;
  status: LeaveStatus;
  reason: string | null;
  approverEmployeeId: string | null;
  routedTo: string;
  decidedByUserId: string | null;
  decidedAt: Date | null;
  decisionComment: string | null;
  createdByUserId: string;
  createdAt: Date;
}

export interface LedgerRow {
  id: string;
  tenantId: string;
  employeeId: string;
  policyId: string;
  year: number;
  kind: string;
  bucket: string;
  days: number;
  requestId: string | null;
  note: string | null;
}

export interface BalanceRow {
  tenantId: string;
  employeeId: string;
  policyId: string;
  year: number;
  allocated: number;
  pending: number;
  used: number;
}

export interface NotificationRow {
  id: string;
  tenantId: string;
  userId: string;
  kind: string;
  title: string;
  body: string;
  /** JSON text. */
  data: string;
  createdAt: Date;
}

export async function insertPolicies(db: RawExecutor, rows: PolicyRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO leave_policies (id, tenant_id, name, kind, is_default, yearly_allocation_days, allow_half_days,
      allow_negative_balance, carry_over_max_days, min_notice_days, max_past_days, requires_approval)
    SELECT * FROM unnest(
      ${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.tenantId)}::uuid[], ${rows.map((r) => r.name)}::text[],
      ${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.isDefault)}::boolean[],
      ${rows.map((r) => r.yearlyAllocationDays)}::float8[], ${rows.map((r) => r.allowHalfDays)}::boolean[],
      ${rows.map((r) => r.allowNegativeBalance)}::boolean[], ${rows.map((r) => r.carryOverMaxDays)}::float8[],
      ${rows.map((r) => r.minNoticeDays)}::int[], ${rows.map((r) => r.maxPastDays)}::int[],
      ${rows.map((r) => r.requiresApproval)}::boolean[])`;
}

export async function insertHolidays(db: RawExecutor, rows: HolidayRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO public_holidays (id, tenant_id, date, name)
    SELECT * FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.tenantId)}::uuid[],
      ${rows.map((r) => r.date)}::date[], ${rows.map((r) => r.name)}::text[])`;
}

export async function insertRequests(db: RawExecutor, rows: RequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO leave_requests (id, tenant_id, employee_id, policy_id, start_date, end_date, half_day, total_days,
      status, reason, approver_employee_id, routed_to, decided_by_user_id, decided_at, decision_comment,
      created_by_user_id, created_at, updated_at)
    SELECT *, created_at FROM unnest(
      ${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.tenantId)}::uuid[], ${rows.map((r) => r.employeeId)}::uuid[],
      ${rows.map((r) => r.policyId)}::uuid[], ${rows.map((r) => r.startDate)}::date[],
      ${rows.map((r) => r.endDate)}::date[], ${rows.map((r) => r.halfDay)}::boolean[],
      ${rows.map((r) => r.totalDays)}::float8[], ${rows.map((r) => r.status)}::"LeaveStatus"[],
      ${rows.map((r) => r.reason)}::text[], ${rows.map((r) => r.approverEmployeeId)}::uuid[],
      ${rows.map((r) => r.routedTo)}::text[], ${rows.map((r) => r.decidedByUserId)}::uuid[],
      ${rows.map((r) => r.decidedAt)}::timestamptz[], ${rows.map((r) => r.decisionComment)}::text[],
      ${rows.map((r) => r.createdByUserId)}::uuid[], ${rows.map((r) => r.createdAt)}::timestamptz[]
    ) AS r(id, tenant_id, employee_id, policy_id, start_date, end_date, half_day, total_days, status, reason,
      approver_employee_id, routed_to, decided_by_user_id, decided_at, decision_comment, created_by_user_id,
      created_at)`;
}

export async function insertLedger(db: RawExecutor, rows: LedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO leave_ledger_entries (id, tenant_id, employee_id, policy_id, year, kind, bucket, days, request_id, note)
    SELECT * FROM unnest(
      ${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.tenantId)}::uuid[], ${rows.map((r) => r.employeeId)}::uuid[],
      ${rows.map((r) => r.policyId)}::uuid[], ${rows.map((r) => r.year)}::int[], ${rows.map((r) => r.kind)}::text[],
      ${rows.map((r) => r.bucket)}::text[], ${rows.map((r) => r.days)}::float8[],
      ${rows.map((r) => r.requestId)}::uuid[], ${rows.map((r) => r.note)}::text[])`;
}

export async function insertBalances(db: RawExecutor, rows: BalanceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO leave_balances (tenant_id, employee_id, policy_id, year, allocated, pending, used)
    SELECT * FROM unnest(
      ${rows.map((r) => r.tenantId)}::uuid[], ${rows.map((r) => r.employeeId)}::uuid[],
      ${rows.map((r) => r.policyId)}::uuid[], ${rows.map((r) => r.year)}::int[],
      ${rows.map((r) => r.allocated)}::float8[], ${rows.map((r) => r.pending)}::float8[],
      ${rows.map((r) => r.used)}::float8[])`;
}

/**
 * The seed's notifications, numbered per user after any they already have (the stream's sequence, as
 * engines/notifications/writeNotifications.ts numbers live ones), in the order they were made.
 */
export async function insertNotifications(db: RawExecutor, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO notifications (id, tenant_id, user_id, kind, title, body, data, created_at, seq)
    SELECT n.*, COALESCE((SELECT max(seq) FROM notifications o WHERE o.user_id = n.user_id), 0)
                + row_number() OVER (PARTITION BY n.user_id ORDER BY n.created_at, n.id)
    FROM unnest(
      ${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.tenantId)}::uuid[], ${rows.map((r) => r.userId)}::uuid[],
      ${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.title)}::text[], ${rows.map((r) => r.body)}::text[],
      ${rows.map((r) => r.data)}::jsonb[], ${rows.map((r) => r.createdAt)}::timestamptz[])
      AS n(id, tenant_id, user_id, kind, title, body, data, created_at)`;
}
