import { z } from 'zod';
import { employeeCompensation } from '../../engines/compensation/employeeCompensation';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import { defineOperation } from '../defineOperation';
import { EmployeeCompensationView, EmployeeRef, compensationOperation } from './compensationSchemas';

export const getEmployeeCompensation = defineOperation({
  ...compensationOperation,
  name: 'get_employee_compensation',
  method: 'GET',
  path: '/api/compensation/employees/{employeeId}',
  access: 'compensation:read',
  summary: 'One person’s compensation: salary, its place in the pay band, history, bonuses, allowances',
  description:
    'Pay is sensitive: the amounts are present for HR_MANAGER, ADMIN, OWNER and the person themself, and for ' +
    'managers and directors only where the compensation settings allow it; others see the person and the band. ' +
    '404 for someone you may not see.',
  input: { params: z.object({ employeeId: EmployeeRef }) },
  output: z.object({ compensation: EmployeeCompensationView }),
  mcp: { tool: 'get_employee_compensation', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => {
    const { today } = await tenantToday(ctx.deps.prisma, ctx.actor.tenant.id, ctx.deps.config.clock);
    return { compensation: await employeeCompensation(ctx.deps.prisma, ctx.actor, params.employeeId, today) };
  },
});
