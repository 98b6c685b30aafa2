import { z } from 'zod';
import { startApprovalFlowWorkflow } from '../../engines/approvalFlows/approvalPort';
import { createOffer as create } from '../../engines/ats/offers';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { AmountMinor, CurrencyCode } from '../moneySchemas';
import { EmploymentTypeSchema, IdParam, OfferView, atsOperation } from './atsSchemas';

export const createOffer = defineOperation({
  ...atsOperation,
  name: 'create_offer',
  method: 'POST',
  path: '/api/ats/applications/{id}/offers',
  access: 'ats:write',
  summary: 'Make an offer on an application at stage offer (its recruiting team): approved through Approval Flows',
  description:
    'The built-in flow asks HR (request type `offer`, facts { amountMinor: the yearly salary }). Job title, ' +
    'department, manager and employment type default to the opening’s (the manager to its hiring manager). 409 ' +
    'unless the application is at stage offer, while it has another PENDING or APPROVED offer, or when the ' +
    'opening is CLOSED.',
  input: {
    params: IdParam,
    body: z.strictObject({
      jobTitle: z.string().trim().min(1).max(200).optional().describe('default: the opening’s title'),
      departmentId: z.uuid().nullable().optional().describe('default: the opening’s department'),
      managerId: z.uuid().nullable().optional().describe('the new employee’s manager; default the hiring manager'),
      employmentType: EmploymentTypeSchema.optional(),
      startDate: IsoDateString.describe('YYYY-MM-DD, today or later, at most 366 days ahead'),
      annualMinor: AmountMinor.min(1).describe('gross yearly salary in minor units (6000000 is 60000.00 EUR)'),
      currency: CurrencyCode,
    }),
  },
  output: z.object({ offer: OfferView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_offer', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => {
    const { offer, approvalId } = await create(ctx.deps.prisma, ctx.actor, params.id, body, ctx.deps.config.clock);
    await startApprovalFlowWorkflow(
      ctx.deps.prisma,
      ctx.deps.approvalFlows,
      { tenantId: ctx.actor.tenant.id, instanceId: approvalId },
      ctx.log,
    );
    return { offer };
  },
});
