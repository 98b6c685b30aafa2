import { z } from 'zod';
import { acceptOffer as accept } from '../../engines/ats/offerAcceptance';
import { startOnboardingWorkflow } from '../../engines/lifecycle/onboardingStart';
import { defineOperation } from '../defineOperation';
import { IdParam, OfferView, atsOperation } from './atsSchemas';

export const acceptOffer = defineOperation({
  ...atsOperation,
  name: 'accept_offer',
  method: 'POST',
  path: '/api/ats/offers/{id}/accept',
  access: 'ats:write',
  summary: 'Record that the candidate accepted an APPROVED offer (a recruiter of the opening, or HR): the hire',
  description:
    'Once, in one transaction: the employee is made (People’s rules: the next employee number, the manager; 409 ' +
    'when an employee has the candidate’s e-mail address), the application is hired, onboarding begins, and the ' +
    'opening closes when its last position is filled. Again: 409 naming ACCEPTED and the employee.',
  input: { params: IdParam },
  output: z.object({
    offer: OfferView,
    employeeId: z.uuid().describe('the new employee (GET /api/people/{id})'),
    onboardingProcessId: z.uuid().describe('their onboarding process'),
  }),
  idempotent: true,
  mcp: { tool: 'accept_offer', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => {
    const hired = await accept(ctx.deps.prisma, ctx.actor, params.id);
    await startOnboardingWorkflow(ctx.deps.lifecycleProcesses, ctx.actor.tenant.id, hired.onboardingProcessId, ctx.log);
    return hired;
  },
});
