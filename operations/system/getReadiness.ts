import { z } from 'zod';
import { AppError } from '../../engines/appError';
import { runReadinessChecks } from './readiness';
import { defineOperation } from '../defineOperation';

const CheckResult = z.object({
  ok: z.boolean().describe('true when this dependency answered'),
  detail: z.string().optional().describe('why it is down, or what answered'),
});

export const getReadiness = defineOperation({
  name: 'get_readiness',
  method: 'GET',
  path: '/readyz',
  access: 'public',
  tag: 'System',
  summary: 'Readiness: database, Temporal and a worker all answer, and audit records can be written',
  description:
    'Answers 200 only when the database answers, the Temporal namespace is reachable, a worker polls the ' +
    'task queue and audit records can be written (`audit`: failing from a failed append until one succeeds); ' +
    'otherwise 503 `unavailable` whose details name the parts that are down.',
  input: {},
  output: z.object({
    status: z.literal('ready'),
    checks: z.record(z.string(), CheckResult).describe('one entry per dependency: database, temporal, worker, audit'),
  }),
  handler: async (ctx) => {
    // The audit trail is this process's own part: an API that cannot record calls must not be sent any.
    const audit = { name: 'audit', check: async () => ctx.deps.auditSequencer.appendHealth() };
    const report = await runReadinessChecks([...(ctx.deps.readinessChecks ?? []), audit]);
    if (!report.ready) {
      const down = Object.entries(report.checks)
        .filter(([, r]) => !r.ok)
        .map(([name, r]) => `${name}${r.detail ? ` (${r.detail})` : ''}`);
      throw new AppError('unavailable', `Not ready: ${down.join('; ')}`, { checks: report.checks });
    }
    return { status: 'ready' as const, checks: report.checks };
  },
});
