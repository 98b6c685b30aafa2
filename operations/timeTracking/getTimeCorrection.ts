import { z } from 'zod';
import { findVisibleCorrection } from '../../engines/timeTracking/timeCorrections';
import { defineOperation } from '../defineOperation';
import { CorrectionId, TimeCorrectionView, timeOperation } from './timeSchemas';

export const getTimeCorrection = defineOperation({
  ...timeOperation,
  name: 'get_time_correction',
  method: 'GET',
  path: '/api/time-tracking/corrections/{id}',
  access: 'time-tracking:read',
  summary: 'One time correction of someone you may see',
  description:
    'Use it to read one correction request: the entry it corrects, the times and break it proposes, the reason, its status and the decision.',
  input: { params: CorrectionId },
  output: z.object({ correction: TimeCorrectionView }),
  mcp: { tool: 'get_time_correction', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    correction: (await findVisibleCorrection(ctx.deps.prisma, ctx.actor, params.id)).view,
  }),
});
