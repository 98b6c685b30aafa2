import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { DemoKey } from './identity';
import { learningSamples } from './learning';
import { acmeHolidayOf, acmePolicyOf, approvalOf, nextFreeLeaveDay, pendingUnpaidLeaveOf, pendingWfaOf } from './leave';
import { notificationOf } from './notifications';
import { acmeRecordOf, acmeTeamWith, acmeUserOf, freshName } from './organization';
import {
  clockStateOf,
  freshSlot,
  pendingCorrectionOf,
  sampleTimesheetWeek,
  submittedTimesheetOf,
  timeEntryOf,
} from './timeTracking';
import { acmeExpenseCategoryOf, expenseClaimOf, pngBytes, yesterdayOf } from './expenses';
import {
  acmePayBandOf,
  aliceAllowanceOf,
  freeMatrixPeriod,
  freshFutureDay,
  MATRIX_PERIOD,
  payrollRunOf,
  pendingChangeOf,
} from './compensationPayroll';
import { atsSamples } from './ats';
import { certificatesSamples } from './certificates';
import { inventorySamples } from './inventory';
import { eSignaturesSamples } from './eSignatures';
import { messagesSamples } from './messages';
import { playbookSamples } from './playbook';
import { analyticsSamples } from './analytics';
import { socialSamples } from './social';
import { lifecycleSamples } from './lifecycle';
import { performanceSamples } from './performance';

/** A request of an authorization matrix: what to send, built fresh for the caller `who`. */
export interface CompanySample {
  method: string;
  url: string;
  payload?: object;
  /** Headers besides the credential (an upload's Content-Type). */
  headers?: Record<string, string>;
}

/**
 * The sample requests of the company API's Organization, User, Leave and Notifications operations, shared by both
 * authorization matrices (test/integration/identity and test/integration/company): each call builds what it acts on
 * (a fresh department, a pending request of Alice, a notification of the caller), on the database `db()` gives.
 */
export function companySamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  const aliceId = async () => (await db().employee.findFirstOrThrow({ where: { email: demoPeople.alice.email } })).id;
  return {
    list_leave_policies: async () => ({ method: 'GET', url: '/api/leave/policies' }),
    list_company_leave_requests: async () => ({ method: 'GET', url: '/api/leave/requests' }),
    create_company_leave_request: async () => ({
      method: 'POST',
      url: '/api/leave/requests',
      payload: {
        employeeId: await aliceId(),
        startDate: await nextFreeLeaveDay(db()),
        policy: 'Unpaid leave',
      },
    }),
    get_company_leave_request: async () => ({
      method: 'GET',
      url: `/api/leave/requests/${await pendingUnpaidLeaveOf(db(), 'alice')}`,
    }),
    approve_leave_request: async () => ({
      method: 'POST',
      url: `/api/leave/requests/${await pendingUnpaidLeaveOf(db(), 'alice')}/approve`,
      payload: {},
    }),
    reject_leave_request: async () => ({
      method: 'POST',
      url: `/api/leave/requests/${await pendingUnpaidLeaveOf(db(), 'alice')}/reject`,
      payload: {},
    }),
    cancel_company_leave_request: async () => ({
      method: 'POST',
      url: `/api/leave/requests/${await pendingUnpaidLeaveOf(db(), 'alice')}/cancel`,
    }),
    create_leave_policy: async () => ({
      method: 'POST',
      url: '/api/leave/policies',
      payload: { name: freshName('policy'), kind: 'other', yearlyAllocationDays: 2 },
    }),
    update_leave_policy: async () => ({
      method: 'PATCH',
      url: `/api/leave/policies/${await acmePolicyOf(db())}`,
      payload: { minNoticeDays: 3 },
    }),
    add_public_holiday: async () => ({
      method: 'POST',
      url: '/api/leave/holidays',
      payload: { date: await nextFreeLeaveDay(db()), name: 'Matrix day' },
    }),
    remove_public_holiday: async () => ({
      method: 'DELETE',
      url: `/api/leave/holidays/${await acmeHolidayOf(db())}`,
    }),
    get_employee_leave_balances: async () => ({
      method: 'GET',
      url: `/api/leave/balances?employeeId=${await aliceId()}`,
    }),
    list_public_holidays: async () => ({ method: 'GET', url: '/api/leave/holidays' }),
    adjust_leave_allowance: async () => ({
      method: 'POST',
      url: '/api/leave/adjustments',
      payload: { employeeId: await aliceId(), year: 2027, days: 0.5, reason: 'matrix' },
    }),
    list_approval_flows: async () => ({ method: 'GET', url: '/api/approval-flows/flows' }),
    get_approval_flow: async () => ({ method: 'GET', url: '/api/approval-flows/flows/leave' }),
    // The built-in flow written down as the tenant's own: other samples' requests keep their routing.
    set_approval_flow: async () => ({
      method: 'PUT',
      url: '/api/approval-flows/flows/leave',
      payload: { name: 'Manager', steps: [{ name: 'Manager', approver: 'manager' }] },
    }),
    reset_approval_flow: async () => ({ method: 'DELETE', url: '/api/approval-flows/flows/leave' }),
    list_approvals: async () => ({ method: 'GET', url: '/api/approval-flows/approvals?assignee=any' }),
    get_approval: async () => ({
      method: 'GET',
      url: `/api/approval-flows/approvals/${await approvalOf(db(), await pendingUnpaidLeaveOf(db(), 'alice'))}`,
    }),
    approve_approval: async () => ({
      method: 'POST',
      url: `/api/approval-flows/approvals/${await approvalOf(db(), await pendingUnpaidLeaveOf(db(), 'alice'))}/approve`,
      payload: {},
    }),
    reject_approval: async () => ({
      method: 'POST',
      url: `/api/approval-flows/approvals/${await approvalOf(db(), await pendingUnpaidLeaveOf(db(), 'alice'))}/reject`,
      payload: {},
    }),
    // Alice's manager hands his step to the director.
    delegate_approval: async () => ({
      method: 'POST',
      url: `/api/approval-flows/approvals/${await approvalOf(db(), await pendingUnpaidLeaveOf(db(), 'alice'))}/delegate`,
      payload: {
        userId: (await db().user.findFirstOrThrow({ where: { email: demoPeople.director.email } })).id,
      },
    }),
    get_work_from_anywhere_policy: async () => ({ method: 'GET', url: '/api/work-from-anywhere/policy' }),
    // The default policy written down: other samples' requests keep their routing.
    set_work_from_anywhere_policy: async () => ({
      method: 'PUT',
      url: '/api/work-from-anywhere/policy',
      payload: { daysPerYear: 30, allowedCountries: [] },
    }),
    list_work_from_anywhere_requests: async () => ({ method: 'GET', url: '/api/work-from-anywhere/requests' }),
    create_work_from_anywhere_request: async () => {
      const day = await nextFreeLeaveDay(db());
      return {
        method: 'POST',
        url: '/api/work-from-anywhere/requests',
        payload: { country: 'ES', city: 'Madrid', startDate: day, endDate: day },
      };
    },
    get_work_from_anywhere_request: async () => ({
      method: 'GET',
      url: `/api/work-from-anywhere/requests/${await pendingWfaOf(db(), 'alice')}`,
    }),
    cancel_work_from_anywhere_request: async () => ({
      method: 'POST',
      url: `/api/work-from-anywhere/requests/${await pendingWfaOf(db(), 'alice')}/cancel`,
    }),
    list_people_abroad: async () => ({ method: 'GET', url: '/api/work-from-anywhere/abroad' }),
    // Time Tracking: the caller's own clock, entries and weeks; Alice's entry, timesheet and correction (every Acme
    // role sees them; she and HR change them). The default policy written down keeps every figure as it was.
    get_time_tracking_policy: async () => ({ method: 'GET', url: '/api/time-tracking/policy' }),
    set_time_tracking_policy: async () => ({
      method: 'PUT',
      url: '/api/time-tracking/policy',
      payload: {
        dailyTargetMinutes: 480,
        dailyLimitMinutes: 600,
        weeklyLimitMinutes: 2880,
        minBreakMinutes: 30,
        forgottenAfterMinutes: 720,
        overtimeRatePercent: 125,
      },
    }),
    clock_in: async (who) => {
      await clockStateOf(db(), who, 'out');
      return { method: 'POST', url: '/api/time-tracking/clock-in', payload: { note: 'matrix' } };
    },
    clock_out: async (who) => {
      await clockStateOf(db(), who, 'in');
      return { method: 'POST', url: '/api/time-tracking/clock-out', payload: {} };
    },
    start_break: async (who) => {
      await clockStateOf(db(), who, 'in');
      return { method: 'POST', url: '/api/time-tracking/breaks/start', payload: {} };
    },
    end_break: async (who) => {
      await clockStateOf(db(), who, 'on break');
      return { method: 'POST', url: '/api/time-tracking/breaks/end', payload: {} };
    },
    create_time_entry: async () => {
      const { startedAt, endedAt } = await freshSlot(db());
      return {
        method: 'POST',
        url: '/api/time-tracking/entries',
        payload: { startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString(), breakMinutes: 5 },
      };
    },
    update_time_entry: async () => ({
      method: 'PATCH',
      url: `/api/time-tracking/entries/${await timeEntryOf(db(), 'alice')}`,
      payload: { note: 'matrix' },
    }),
    delete_time_entry: async () => ({
      method: 'DELETE',
      url: `/api/time-tracking/entries/${await timeEntryOf(db(), 'alice')}`,
    }),
    list_time_entries: async () => ({ method: 'GET', url: '/api/time-tracking/entries' }),
    get_time_entry: async () => ({
      method: 'GET',
      url: `/api/time-tracking/entries/${await timeEntryOf(db(), 'alice')}`,
    }),
    get_weekly_timesheet: async () => ({ method: 'GET', url: '/api/time-tracking/timesheets/week' }),
    get_monthly_timesheet: async () => ({ method: 'GET', url: '/api/time-tracking/timesheets/month' }),
    submit_timesheet: async (who) => ({
      method: 'POST',
      url: '/api/time-tracking/timesheets',
      payload: { weekStart: await sampleTimesheetWeek(db(), who) },
    }),
    list_timesheets: async () => ({ method: 'GET', url: '/api/time-tracking/timesheets' }),
    get_timesheet: async () => ({
      method: 'GET',
      url: `/api/time-tracking/timesheets/${await submittedTimesheetOf(db(), 'alice')}`,
    }),
    cancel_timesheet: async () => ({
      method: 'POST',
      url: `/api/time-tracking/timesheets/${await submittedTimesheetOf(db(), 'alice')}/cancel`,
    }),
    create_time_correction: async () => {
      const { startedAt, endedAt } = await freshSlot(db());
      return {
        method: 'POST',
        url: '/api/time-tracking/corrections',
        payload: {
          startedAt: startedAt.toISOString(),
          endedAt: endedAt.toISOString(),
          breakMinutes: 0,
          reason: 'forgot to clock',
        },
      };
    },
    list_time_corrections: async () => ({ method: 'GET', url: '/api/time-tracking/corrections' }),
    get_time_correction: async () => ({
      method: 'GET',
      url: `/api/time-tracking/corrections/${await pendingCorrectionOf(db(), 'alice')}`,
    }),
    cancel_time_correction: async () => ({
      method: 'POST',
      url: `/api/time-tracking/corrections/${await pendingCorrectionOf(db(), 'alice')}/cancel`,
    }),
    // Expenses: Alice's claims (every Acme role sees them); a fresh category for HR to change.
    list_expense_categories: async () => ({ method: 'GET', url: '/api/expenses/categories' }),
    create_expense_category: async () => ({
      method: 'POST',
      url: '/api/expenses/categories',
      payload: { name: freshName('category'), currency: 'EUR', limitMinor: 5000 },
    }),
    update_expense_category: async () => ({
      method: 'PATCH',
      url: `/api/expenses/categories/${await acmeExpenseCategoryOf(db())}`,
      payload: { limitMinor: 7500 },
    }),
    upload_expense_receipt: async () => ({
      method: 'POST',
      url: '/api/expenses/receipts?filename=taxi.png',
      payload: pngBytes,
      headers: { 'content-type': 'image/png' },
    }),
    download_expense_receipt: async () => {
      const { id, lineId } = await expenseClaimOf(db(), 'alice', { receipt: true });
      return { method: 'GET', url: `/api/expenses/claims/${id}/lines/${lineId}/receipt` };
    },
    list_expense_claims: async () => ({ method: 'GET', url: '/api/expenses/claims' }),
    create_expense_claim: async (who) => ({
      method: 'POST',
      url: '/api/expenses/claims',
      payload: {
        title: 'Matrix lunch',
        lines: [{ category: 'Meals', date: await yesterdayOf(db(), who), description: 'Lunch', amountMinor: 900 }],
      },
    }),
    get_expense_claim: async () => ({
      method: 'GET',
      url: `/api/expenses/claims/${(await expenseClaimOf(db(), 'alice')).id}`,
    }),
    update_expense_claim: async () => ({
      method: 'PATCH',
      url: `/api/expenses/claims/${(await expenseClaimOf(db(), 'alice')).id}`,
      payload: { title: 'Lunch with the team' },
    }),
    submit_expense_claim: async () => ({
      method: 'POST',
      url: `/api/expenses/claims/${(await expenseClaimOf(db(), 'alice')).id}/submit`,
    }),
    withdraw_expense_claim: async () => ({
      method: 'POST',
      url: `/api/expenses/claims/${(await expenseClaimOf(db(), 'alice', { submit: true })).id}/withdraw`,
    }),
    delete_expense_claim: async () => ({
      method: 'DELETE',
      url: `/api/expenses/claims/${(await expenseClaimOf(db(), 'alice')).id}`,
    }),
    ...learningSamples(db),
    // Compensation: Alice's pay (every Acme role sees Alice; the amounts are checked by the field-level test);
    // HR keeps the records; a change for Alice proposed by her manager.
    get_compensation_settings: async () => ({ method: 'GET', url: '/api/compensation/settings' }),
    set_compensation_settings: async () => ({
      method: 'PUT',
      url: '/api/compensation/settings',
      payload: { defaultCurrency: 'EUR', managersSeeTeamCompensation: false },
    }),
    list_pay_bands: async () => ({ method: 'GET', url: '/api/compensation/pay-bands' }),
    create_pay_band: async () => ({
      method: 'POST',
      url: '/api/compensation/pay-bands',
      payload: { name: freshName('band'), currency: 'EUR', minMinor: 100, maxMinor: 200 },
    }),
    update_pay_band: async () => ({
      method: 'PATCH',
      url: `/api/compensation/pay-bands/${await acmePayBandOf(db())}`,
      payload: { jobTitle: 'Software Engineer' },
    }),
    get_employee_compensation: async () => ({
      method: 'GET',
      url: `/api/compensation/employees/${await aliceId()}`,
    }),
    record_salary: async () => ({
      method: 'POST',
      url: '/api/compensation/salaries',
      payload: {
        employeeId: await aliceId(),
        effectiveDate: await freshFutureDay(db()),
        annualMinor: 6_700_000,
        currency: 'EUR',
      },
    }),
    create_compensation_item: async () => ({
      method: 'POST',
      url: '/api/compensation/items',
      payload: {
        employeeId: await aliceId(),
        kind: 'bonus',
        name: 'Matrix bonus',
        amountMinor: 100,
        currency: 'EUR',
        startDate: await freshFutureDay(db()),
      },
    }),
    end_allowance: async () => ({
      method: 'PATCH',
      url: `/api/compensation/items/${await aliceAllowanceOf(db())}`,
      payload: { endDate: null },
    }),
    propose_compensation_change: async () => ({
      method: 'POST',
      url: '/api/compensation/changes',
      payload: {
        employeeId: await aliceId(),
        effectiveDate: await freshFutureDay(db()),
        annualMinor: 7_000_000,
        currency: 'EUR',
        reason: 'Matrix',
      },
    }),
    list_compensation_changes: async () => ({ method: 'GET', url: '/api/compensation/changes' }),
    get_compensation_change: async () => ({
      method: 'GET',
      url: `/api/compensation/changes/${await pendingChangeOf(db(), 'alice')}`,
    }),
    cancel_compensation_change: async () => ({
      method: 'POST',
      url: `/api/compensation/changes/${await pendingChangeOf(db(), 'alice')}/cancel`,
    }),
    // Payroll: runs of a month long past (HR's); Alice's payslip of a paid run (hers and HR's only).
    list_pay_periods: async () => ({ method: 'GET', url: '/api/payroll/periods?year=2019' }),
    start_payroll_run: async () => {
      await freeMatrixPeriod(db());
      return { method: 'POST', url: '/api/payroll/runs', payload: { period: `${MATRIX_PERIOD.year}-06` } };
    },
    list_payroll_runs: async () => ({ method: 'GET', url: '/api/payroll/runs' }),
    get_payroll_run: async () => ({
      method: 'GET',
      url: `/api/payroll/runs/${(await payrollRunOf(db(), 'IN_REVIEW')).runId}`,
    }),
    approve_payroll_run: async () => {
      await freeMatrixPeriod(db());
      return {
        method: 'POST',
        url: `/api/payroll/runs/${(await payrollRunOf(db(), 'IN_REVIEW')).runId}/approve`,
        payload: {},
      };
    },
    cancel_payroll_run: async () => {
      await freeMatrixPeriod(db());
      return { method: 'POST', url: `/api/payroll/runs/${(await payrollRunOf(db(), 'IN_REVIEW')).runId}/cancel` };
    },
    export_payroll_run: async () => ({
      method: 'GET',
      url: `/api/payroll/runs/${(await payrollRunOf(db(), 'IN_REVIEW')).runId}/export?format=csv`,
    }),
    list_payslips: async () => ({ method: 'GET', url: '/api/payroll/payslips' }),
    get_payslip: async () => ({
      method: 'GET',
      url: `/api/payroll/payslips/${(await payrollRunOf(db(), 'PAID')).payslipId}`,
    }),
    list_my_notifications: async () => ({ method: 'GET', url: '/api/notifications' }),
    get_notification_preferences: async () => ({ method: 'GET', url: '/api/notifications/preferences' }),
    stream_notifications: async () => ({ method: 'GET', url: '/api/notifications/stream?after=0&follow=false' }),
    mark_notification_read: async (who) => ({
      method: 'POST',
      url: `/api/notifications/${await notificationOf(db(), demoPeople[who].email)}/read`,
    }),
    mark_all_notifications_read: async () => ({ method: 'POST', url: '/api/notifications/read-all' }),
    set_notification_preference: async () => ({
      method: 'PUT',
      url: '/api/notifications/preferences/leave.reminder',
      payload: { enabled: true },
    }),
    list_users: async () => ({ method: 'GET', url: '/api/users' }),
    get_user: async () => ({ method: 'GET', url: `/api/users/${await acmeUserOf(db())}` }),
    change_user_role: async () => ({
      method: 'PATCH',
      url: `/api/users/${await acmeUserOf(db())}`,
      payload: { role: 'MANAGER' },
    }),
    set_user_external_id: async () => ({
      method: 'PUT',
      url: `/api/users/${await acmeUserOf(db())}/external-id`,
      payload: { externalId: freshName('external') },
    }),
    deactivate_user: async () => ({ method: 'POST', url: `/api/users/${await acmeUserOf(db())}/deactivate` }),
    reactivate_user: async () => ({
      method: 'POST',
      url: `/api/users/${await acmeUserOf(db(), 'deactivated')}/reactivate`,
    }),
    invite_user: async () => ({
      method: 'POST',
      url: '/api/users/invitations',
      payload: { email: `${freshName('invitee').replace(/\W+/g, '.')}@example.test`, name: 'Invitee' },
    }),
    list_departments: async () => ({ method: 'GET', url: '/api/organization/departments' }),
    create_department: async () => ({
      method: 'POST',
      url: '/api/organization/departments',
      payload: { name: freshName('department') },
    }),
    update_department: async () => ({
      method: 'PATCH',
      url: `/api/organization/departments/${await acmeRecordOf(db(), 'department')}`,
      payload: { name: freshName('renamed') },
    }),
    delete_department: async () => ({
      method: 'DELETE',
      url: `/api/organization/departments/${await acmeRecordOf(db(), 'department')}`,
    }),
    list_teams: async () => ({ method: 'GET', url: '/api/organization/teams' }),
    get_team: async () => ({ method: 'GET', url: `/api/organization/teams/${await acmeRecordOf(db(), 'team')}` }),
    create_team: async () => ({ method: 'POST', url: '/api/organization/teams', payload: { name: freshName('team') } }),
    update_team: async () => ({
      method: 'PATCH',
      url: `/api/organization/teams/${await acmeRecordOf(db(), 'team')}`,
      payload: { name: freshName('renamed') },
    }),
    delete_team: async () => ({
      method: 'DELETE',
      url: `/api/organization/teams/${await acmeRecordOf(db(), 'team')}`,
    }),
    add_team_member: async () => ({
      method: 'POST',
      url: `/api/organization/teams/${await acmeRecordOf(db(), 'team')}/members`,
      payload: { employeeId: await aliceId() },
    }),
    remove_team_member: async () => {
      const alice = await aliceId();
      return {
        method: 'DELETE',
        url: `/api/organization/teams/${await acmeTeamWith(db(), alice)}/members/${alice}`,
      };
    },
    list_locations: async () => ({ method: 'GET', url: '/api/organization/locations' }),
    create_location: async () => ({
      method: 'POST',
      url: '/api/organization/locations',
      payload: { name: freshName('location'), countryCode: 'DE' },
    }),
    update_location: async () => ({
      method: 'PATCH',
      url: `/api/organization/locations/${await acmeRecordOf(db(), 'location')}`,
      payload: { city: 'Berlin' },
    }),
    delete_location: async () => ({
      method: 'DELETE',
      url: `/api/organization/locations/${await acmeRecordOf(db(), 'location')}`,
    }),
    list_legal_entities: async () => ({ method: 'GET', url: '/api/organization/legal-entities' }),
    create_legal_entity: async () => ({
      method: 'POST',
      url: '/api/organization/legal-entities',
      payload: { name: freshName('entity'), countryCode: 'DE' },
    }),
    update_legal_entity: async () => ({
      method: 'PATCH',
      url: `/api/organization/legal-entities/${await acmeRecordOf(db(), 'legalEntity')}`,
      payload: { registrationNumber: 'HRB 1' },
    }),
    delete_legal_entity: async () => ({
      method: 'DELETE',
      url: `/api/organization/legal-entities/${await acmeRecordOf(db(), 'legalEntity')}`,
    }),
    list_positions: async () => ({ method: 'GET', url: '/api/organization/positions' }),
    create_position: async () => ({
      method: 'POST',
      url: '/api/organization/positions',
      payload: { title: freshName('position') },
    }),
    update_position: async () => ({
      method: 'PATCH',
      url: `/api/organization/positions/${await acmeRecordOf(db(), 'position')}`,
      payload: { title: freshName('retitled') },
    }),
    delete_position: async () => ({
      method: 'DELETE',
      url: `/api/organization/positions/${await acmeRecordOf(db(), 'position')}`,
    }),
    get_org_chart: async () => ({ method: 'GET', url: '/api/organization/chart' }),
    ...atsSamples(db),
    ...certificatesSamples(db),
    ...inventorySamples(db),
    ...eSignaturesSamples(db),
    ...messagesSamples(db),
    ...playbookSamples(db),
    ...analyticsSamples(),
    ...socialSamples(db),
    ...lifecycleSamples(db),
    ...performanceSamples(db),
  };
}
