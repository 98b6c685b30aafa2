import { z } from 'zod';
import { untakenReport } from '../../engines/leave/untakenReport';
import { defineOperation } from '../defineOperation';

export const untakenLeaveReport = defineOperation({
  name: 'untaken_leave_report',
  method: 'GET',
  path: '/api/v1/reports/untaken-leave',
  access: 'reports:read',
  tag: 'Reports',
  summary: 'Per-employee untaken leave for a year, most untaken first',
  description:
    'Rows are the employees you may see: HR and admins the workspace, directors their department, managers their ' +
    'team, others themselves. untaken_days = allocated_days - used_days (pending requests are not taken yet). ' +
    'department and manager are "" for an employee without one.',
  input: {
    query: z.strictObject({
      year: z.coerce.number().int().min(2000).max(2100).optional().describe('balance year; default the current year'),
      min_untaken_days: z.coerce.number().optional().describe('only employees with at least this many untaken days'),
      policy: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .optional()
        .describe('leave policy name filter, e.g. "Annual leave"; default the annual policies'),
    }),
  },
  output: z.object({
    year: z.number().int().describe('balance year'),
    employees: z
      .array(
        z.object({
          employee: z.string().describe("the employee's name"),
          department: z.string().describe('department name, "" when none'),
          manager: z.string().describe('manager name, "" when none'),
          allocated_days: z.number(),
          used_days: z.number(),
          untaken_days: z.number().describe('remaining days: allocated - used'),
        }),
      )
      .describe('sorted by untaken days, most first'),
    totals: z.object({
      employees: z.number().int().describe('count of employees'),
      untakenDays: z.number().describe('sum of untaken days'),
    }),
  }),
  mcp: {
    tool: 'untaken_leave_report',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  handler: async (ctx, { query }) => {
    const report = await untakenReport(
      ctx.deps.prisma,
      ctx.actor,
      { year: query.year, minUntakenDays: query.min_untaken_days, policy: query.policy },
      ctx.deps.config.clock,
    );
    return {
      year: report.year,
      employees: report.employees.map((r) => ({
        employee: r.employee,
        department: r.department,
        manager: r.manager,
        allocated_days: r.allocatedDays,
        used_days: r.usedDays,
        untaken_days: r.untakenDays,
      })),
      totals: report.totals,
    };
  },
});
