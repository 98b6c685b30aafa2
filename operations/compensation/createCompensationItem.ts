import { z } from 'zod';
import { createCompensationItem as create } from '../../engines/compensation/compensationItems';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import {
  AllowanceView,
  AmountMinor,
  BonusView,
  CurrencyCode,
  EmployeeRef,
  compensationOperation,
} from './compensationSchemas';

export const createCompensationItem = defineOperation({
  ...compensationOperation,
  name: 'create_compensation_item',
  method: 'POST',
  path: '/api/compensation/items',
  access: 'compensation:write',
  summary: 'Record a bonus (paid once) or an allowance (paid monthly) for someone (HR)',
  description:
    'HR_MANAGER, ADMIN and OWNER only. A bonus is paid with the payroll of the month of `startDate`; an allowance ' +
    'monthly from `startDate` to `endDate`, pro rata in its first and last month. 409 when `startDate` lies in a ' +
    'closed pay period.',
  input: {
    body: z.strictObject({
      employeeId: EmployeeRef,
      kind: z.enum(['bonus', 'allowance']).describe('bonus: paid once; allowance: paid every month'),
      name: z.string().trim().min(1).max(100).describe('what it is for, as the payslip shows it'),
      amountMinor: AmountMinor.min(1).describe('a bonus’s amount, an allowance’s monthly amount; minor units'),
      currency: CurrencyCode,
      startDate: IsoDateString.describe('a bonus: the day it is paid with; an allowance: its first day'),
      endDate: IsoDateString.optional().describe('an allowance’s last day; absent: until ended'),
    }),
  },
  output: z.object({ item: z.union([BonusView, AllowanceView]) }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_compensation_item', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ item: await create(ctx.deps.prisma, ctx.actor, body) }),
});
