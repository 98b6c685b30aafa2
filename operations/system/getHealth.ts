import { z } from 'zod';
import { defineOperation } from '../defineOperation';

export const getHealth = defineOperation({
  name: 'get_health',
  method: 'GET',
  path: '/healthz',
  access: 'public',
  tag: 'System',
  summary: 'Liveness: the process is up',
  description: 'Answers 200 while the API process runs. It checks no dependency; use /readyz for that.',
  input: {},
  output: z.object({ status: z.literal('ok').describe('always "ok" while the process runs') }),
  handler: async () => ({ status: 'ok' as const }),
});
