import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { DemoKey } from './identity';
import { acmeHolidayOf, acmePolicyOf, approvalOf, nextFreeLeaveDay, pendingUnpaidLeaveOf, pendingWfaOf } from './leave';
import { notificationOf } from './notifications';
import { acmeRecordOf, acmeTeamWith, acmeUserOf, freshName } from './organization';

/** A request of an authorization matrix: what to send, built fresh for the caller `who`. */
export interface CompanySample {
  method: string;
  url: string;
  payload?: object;
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
  };
}
