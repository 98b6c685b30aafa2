import { z } from 'zod';
import { analyticsCsv, analyticsReports } from '../../engines/analytics/analyticsCsv';
import { analyticsScope } from '../../engines/analytics/analyticsQuery';
import { reportFigures } from '../../engines/analytics/reportFigures';
import { defineOperation, type StreamAnswer } from '../defineOperation';
import { analyticsFilterQuery, analyticsOperation, filterOf } from './analyticsSchemas';

export const exportAnalytics = defineOperation({
  ...analyticsOperation,
  name: 'export_analytics',
  method: 'GET',
  path: '/api/analytics/export',
  summary: 'Download one analytics report as CSV: a row per month or quarter, a total row, the same figures as JSON',
  description:
    'report: headcount (byDepartment=true adds a row per department and bucket), absence, overtime, expenses ' +
    '(rows per currency, and per category for the period), time-to-hire or leave-liability. The same filters, ' +
    'visibility and formulas as the report’s own operation; money in minor units.',
  input: {
    query: z.strictObject({
      report: z.enum(analyticsReports).describe('which figures: ' + analyticsReports.join(', ')),
      format: z.enum(['csv']).default('csv').describe('csv (the only format)'),
      ...analyticsFilterQuery,
      byDepartment: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true')
        .describe('headcount only: true adds the rows of each department'),
    }),
  },
  output: z.custom<StreamAnswer>().describe('the CSV file'),
  response: 'stream',
  produces: 'text/csv',
  // Who took a copy of the workspace's figures is worth recording, as for payroll exports.
  audit: true,
  handler: async (ctx, { query }): Promise<StreamAnswer> => {
    const scope = await analyticsScope(ctx.deps.prisma, ctx.actor, filterOf(query));
    const figures = await reportFigures(ctx.deps.prisma, ctx.actor, query.report, scope, {
      byDepartment: query.byDepartment,
    });
    const body = Buffer.from(analyticsCsv(figures, query.groupBy), 'utf8');
    return {
      contentType: 'text/csv; charset=utf-8',
      filename: `${query.report}-${query.from}-${query.to}.csv`,
      body: (async function* () {
        yield body;
      })(),
      headers: { 'Content-Length': String(body.length), 'Cache-Control': 'private, no-store' },
    };
  },
});
