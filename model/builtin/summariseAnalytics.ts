/**
 * Headcount and turnover in words, from get_headcount_analytics' answer: the figures as the read gives them (people
 * on a day, hires and leavers inside, turnover = leavers / average headcount as a percentage), never recomputed
 * from other data, so the reply and the API say the same numbers.
 */

import type { AnalyticsPeriod } from './analyticsPeriods';
import { formatDayWithYear, formatSpan } from './calendar';

/** One bucket (or the period) of the headcount read. */
export interface HeadcountFigures {
  from: string;
  to: string;
  headcountStart: number;
  headcountEnd: number;
  hires: number;
  leavers: number;
  averageHeadcount: number;
  turnover: number | null;
}

/** The headcount read's answer. */
export interface HeadcountAnalytics {
  period: HeadcountFigures;
  series: HeadcountFigures[];
  departments?: { departmentId: string | null; departmentName: string | null; series: HeadcountFigures[] }[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 0.0833 → "8.33 %". */
export function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(2)} %`;
}

function periodName(period: AnalyticsPeriod): string {
  return `${period.label} (${formatSpan(period.from, period.to)})`;
}

/** Per department: people on the last day, hires and leavers over the buckets. */
function departmentLine(d: NonNullable<HeadcountAnalytics['departments']>[number]): string {
  const last = d.series.at(-1);
  const hires = d.series.reduce((sum, b) => sum + b.hires, 0);
  const leavers = d.series.reduce((sum, b) => sum + b.leavers, 0);
  return `- ${d.departmentName ?? 'No department'}: ${last?.headcountEnd ?? 0} (${plural(hires, 'hire')}, ${plural(leavers, 'leaver')})`;
}

function bucketLine(b: HeadcountFigures): string {
  return `- ${formatSpan(b.from, b.to)}: ${b.headcountEnd} (${plural(b.hires, 'hire')}, ${plural(b.leavers, 'leaver')})`;
}

/** "Headcount for 2026 (…): 51 people on Thu 31 Dec 2026 (…)", then a line per department or quarter. */
export function summariseHeadcount(
  data: HeadcountAnalytics,
  period: AnalyticsPeriod,
  opts: { byDepartment: boolean; byQuarter: boolean },
): string {
  const p = data.period;
  const head =
    `Headcount${opts.byDepartment ? ' by department' : ''} for ${periodName(period)}: ` +
    `${plural(p.headcountEnd, 'person', 'people')} on ${formatDayWithYear(p.to)} ` +
    `(${p.headcountStart} on ${formatDayWithYear(p.from)}), ${plural(p.hires, 'hire')}, ${plural(p.leavers, 'leaver')}.`;
  const departments = [...(data.departments ?? [])].sort((a, b) =>
    (a.departmentName ?? '\uffff').localeCompare(b.departmentName ?? '\uffff'),
  );
  if (opts.byDepartment && departments.length > 0) return `${head}\n${departments.map(departmentLine).join('\n')}`;
  if (opts.byQuarter && data.series.length > 1) return `${head}\n${data.series.map(bucketLine).join('\n')}`;
  return head;
}

/** "Turnover for Q3 2026 (…): 2.47 %: 1 leaver on an average headcount of 40.5 (…)." */
export function summariseTurnover(
  data: HeadcountAnalytics,
  period: AnalyticsPeriod,
  opts: { byQuarter: boolean },
): string {
  const p = data.period;
  const base =
    p.turnover === null
      ? `Turnover for ${periodName(period)}: none to compute, no one you can see was employed then.`
      : `Turnover for ${periodName(period)}: ${percent(p.turnover)}, ${plural(p.leavers, 'leaver')} on an average ` +
        `headcount of ${p.averageHeadcount} (${p.headcountStart} on ${formatDayWithYear(p.from)}, ` +
        `${p.headcountEnd} on ${formatDayWithYear(p.to)}).`;
  if (!opts.byQuarter || data.series.length < 2) return base;
  const lines = data.series.map(
    (b) =>
      `- ${formatSpan(b.from, b.to)}: ${b.turnover === null ? 'n/a' : percent(b.turnover)} (${plural(b.leavers, 'leaver')})`,
  );
  return `${base}\n${lines.join('\n')}`;
}
