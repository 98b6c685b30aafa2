import { z } from 'zod';
import { requireHrRole } from '../../engines/access/requireHrRole';
import { exportFilename, payrollRunCsv, payrollRunXlsx } from '../../engines/payroll/payrollExport';
import { getPayrollRun } from '../../engines/payroll/payrollRunViews';
import { defineOperation, type StreamAnswer } from '../defineOperation';
import { RunId, payrollOperation } from './payrollSchemas';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportPayrollRun = defineOperation({
  ...payrollOperation,
  name: 'export_payroll_run',
  method: 'GET',
  path: '/api/payroll/runs/{id}/export',
  access: 'payroll:read',
  summary: 'Download a payroll run as CSV or XLSX (HR): a row per payslip and a total row per currency',
  description:
    'HR_MANAGER, ADMIN and OWNER only. Columns: employee_number, employee, currency, salary, overtime, ' +
    'allowances, bonuses, unpaid_leave, gross, reimbursements, total; amounts in the currency’s units (5500.00).',
  input: {
    params: RunId,
    query: z.strictObject({ format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (default) or xlsx') }),
  },
  output: z.custom<StreamAnswer>().describe('the file'),
  response: 'stream',
  produces: 'text/csv',
  // Who took a copy of the workspace's pay is worth recording.
  audit: true,
  handler: async (ctx, { params, query }): Promise<StreamAnswer> => {
    requireHrRole(ctx.actor, 'export payroll runs');
    const run = await getPayrollRun(ctx.deps.prisma, ctx.actor, params.id);
    const body =
      query.format === 'csv'
        ? await payrollRunCsv(ctx.deps.prisma, run.id)
        : await payrollRunXlsx(ctx.deps.prisma, run);
    return {
      contentType: query.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX,
      filename: exportFilename(run, query.format),
      body: (async function* () {
        yield body;
      })(),
      headers: { 'Content-Length': String(body.length), 'Cache-Control': 'private, no-store' },
    };
  },
});
