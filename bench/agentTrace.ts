import { temporal } from '@temporalio/proto';
import { median } from './report';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
const { EventType } = temporal.api.enums.v1;

/** The events a workflow task's completion records (its commands), stamped with the completion's time. */
const commandEvents = new Set<number>([
  EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED,
  EventType.EVENT_TYPE_MARKER_RECORDED,
  EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES,
  EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED,
  EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
  EventType.EVENT_TYPE_TIMER_STARTED,
  EventType.EVENT_TYPE_TIMER_CANCELED,
]);

/** One gap between two consecutive events of a workflow's history, named for what filled it. */
export interface TraceSegment {
  label: string;
  ms: number;
}

function millis(event: HistoryEvent): number {
  const t = event.eventTime;
  if (!t) return 0;
  return Number(t.seconds ?? 0) * 1000 + Math.floor((t.nanos ?? 0) / 1e6);
}

/** The activity type of a scheduled activity (by its event id), or of a local activity's marker. */
function activityNames(events: HistoryEvent[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const e of events) {
    const name = e.activityTaskScheduledEventAttributes?.activityType?.name;
    if (name) names.set(Number(e.eventId), name);
  }
  return names;
}

function labelOf(prev: HistoryEvent, next: HistoryEvent, names: Map<number, string>, markers: number): string {
  const scheduledName = (e: HistoryEvent) => {
    const id =
      e.activityTaskStartedEventAttributes?.scheduledEventId ??
      e.activityTaskCompletedEventAttributes?.scheduledEventId ??
      e.activityTaskScheduledEventAttributes?.activityType?.name;
    return typeof id === 'string' ? id : (names.get(Number(id)) ?? '?');
  };
  const t = next.eventType;
  if (t === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED) return 'workflow task: queue (schedule→start)';
  if (t === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) {
    return `workflow task: worker (start→complete${markers ? `, with ${markers} local activit${markers > 1 ? 'ies' : 'y'}` : ''})`;
  }
  if (t === EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED) return `${scheduledName(next)}: queue (schedule→start)`;
  if (t === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) return `${scheduledName(next)}: run (start→close)`;
  if (t === EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED) {
    if (prev.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED) return 'signal → workflow task';
    return 'event → workflow task scheduled';
  }
  if (t === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED) return 'waiting for the signal (the client)';
  return `${EventType[t ?? 0] ?? '?'}`.replace('EVENT_TYPE_', '').toLowerCase();
}

/**
 * The gaps between consecutive events of one history that take time (commands recorded in the same workflow task
 * completion have the same timestamp and are left out): which activity waited in its queue, which ran, which
 * workflow task ran on the worker. Local activities show as markers inside a workflow task.
 */
export function traceHistory(history: temporal.api.history.v1.IHistory): TraceSegment[] {
  const events = history.events ?? [];
  const names = activityNames(events);
  const segments: TraceSegment[] = [];
  for (let i = 1; i < events.length; i++) {
    const prev = events[i - 1]!;
    const next = events[i]!;
    const ms = millis(next) - millis(prev);
    const t = next.eventType;
    // Commands of one completion are stamped together; what counts is the step they close.
    if (commandEvents.has(t!)) continue;
    let markers = 0;
    for (let j = i + 1; j < events.length && commandEvents.has(events[j]!.eventType!); j++) {
      if (events[j]!.markerRecordedEventAttributes?.markerName === 'core_local_activity') markers++;
    }
    segments.push({ label: labelOf(prev, next, names, markers), ms });
  }
  return segments;
}

/**
 * The median of each segment position over histories of the same shape (the shape of the first one; others are
 * left out), as rows `label, median ms`, with the local activities' markers listed in the label of their task.
 */
export function medianTrace(traces: TraceSegment[][]): Array<{ label: string; ms: number }> {
  const shape = traces[0]?.map((s) => s.label).join('|');
  const same = traces.filter((t) => t.map((s) => s.label).join('|') === shape);
  return (traces[0] ?? []).map((segment, i) => ({
    label: segment.label,
    ms: median(same.map((t) => t[i]!.ms)),
  }));
}

/** Prints a median trace, each row with its share of the total. */
export function printTrace(title: string, rows: Array<{ label: string; ms: number }>, runs: number): void {
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  console.log(`\n${title} (median per segment over ${runs} runs of the same shape; total ${total.toFixed(0)} ms)`);
  for (const row of rows) console.log(`  ${row.ms.toFixed(0).padStart(6)} ms  ${row.label}`);
}
