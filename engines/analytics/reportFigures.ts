import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { mayCountPay } from '../access/analyticsAccess';
import { absenceAnalytics } from './absence';
import type { AnalyticsReport, ReportFigures } from './analyticsCsv';
import type { AnalyticsScope } from './analyticsQuery';
import { expenseAnalytics } from './expenseTotals';
import { headcountAnalytics } from './headcount';
import { leaveLiabilityAnalytics } from './leaveLiability';
import { overtimeAnalytics } from './overtime';
import { timeToHireAnalytics } from './timeToHire';

/** The figures of one report by name, for the export: the very functions the JSON operations answer with. */
export async function reportFigures(
  db: PrismaClient,
  actor: Actor,
  report: AnalyticsReport,
  scope: AnalyticsScope,
  opts: { byDepartment: boolean },
): Promise<ReportFigures> {
  switch (report) {
    case 'headcount':
      return { report, figures: await headcountAnalytics(db, scope, opts) };
    case 'absence':
      return { report, figures: await absenceAnalytics(db, scope) };
    case 'overtime':
      return { report, figures: await overtimeAnalytics(db, scope) };
    case 'expenses':
      return { report, figures: await expenseAnalytics(db, scope) };
    case 'time-to-hire':
      return { report, figures: await timeToHireAnalytics(db, scope) };
    case 'leave-liability':
      return { report, figures: await leaveLiabilityAnalytics(db, scope, { withMoney: await mayCountPay(db, actor) }) };
  }
}
