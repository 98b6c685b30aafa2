import { z } from 'zod';
import { proposeCompensationChange as propose } from '../../engines/compensation/compensationChanges';
import { startCompensationChangeWorkflow } from '../../engines/compensation/compensationPort';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { AnnualMinor, ChangeView, CurrencyCode, EmployeeRef, compensationOperation } from './compensationSchemas';

export const proposeCompensationChange = defineOperation({
  ...compensationOperation,
  name: 'propose_compensation_change',
  method: 'POST',
  path: '/api/compensation/changes',
  access: 'compensation:write',
  summary: 'Propose a new yearly salary for someone you see, from a date: approved through Approval Flows',
  description:
    'Managers and directors for the people they see, HR for anyone; never for yourself (403). The built-in flow ' +
    'asks HR; once approved, the change applies on its effective date (a timer of its workflow) and not before. ' +
    'Outside the pay band it warns (`warnings`), it does not refuse. 409 when the date lies in a closed pay period.',
  input: {
    body: z.strictObject({
      employeeId: EmployeeRef,
      effectiveDate: IsoDateString.describe('YYYY-MM-DD, today or later, at most two years ahead'),
      annualMinor: AnnualMinor,
      currency: CurrencyCode,
      payBandId: z.uuid().optional().describe('a pay band; default: the current one, or the job title’s'),
      reason: z.string().trim().min(1).max(500).describe('why, for the approvers'),
    }),
  },
  output: z.object({ change: ChangeView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'propose_compensation_change', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    change: await propose(ctx.deps.prisma, ctx.actor, body, {
      clock: ctx.deps.config.clock,
      start: async (ref) => {
        await startCompensationChangeWorkflow(ctx.deps.prisma, ctx.deps.compensationChanges, ref, ctx.log);
      },
    }),
  }),
});
