/**
 * Time Tracking's port to the durable watch of an open clock entry (the Temporal workflow `timeEntryWatch`, id
 * `time-entry/<tenant>/<entry>`): started after a clock-in commits, told when the entry closes, so that it ends
 * instead of flagging a forgotten clock-out. Engines reach Temporal only through this interface.
 */
export interface TimeEntryWatchPort {
  /** Starts the watch of an open entry; starting it twice is harmless. */
  start(ref: TimeEntryRef): Promise<void>;
  /** The entry closed or is gone: the watch reads it again and ends. A watch already ended needs no notice. */
  closed(ref: TimeEntryRef): Promise<void>;
}

export interface TimeEntryRef {
  tenantId: string;
  entryId: string;
}

/** The watch's workflow id, recorded in `TimeEntry.workflowId`. */
export function timeEntryWatchId(ref: TimeEntryRef): string {
  return `time-entry/${ref.tenantId}/${ref.entryId}`;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Starts an open entry's watch after its clock-in committed and records its id; a failure is logged and leaves the
 * id null, which the worker's process reconciler (temporal/worker/processReconciler.ts) sees to.
 */
export async function startTimeEntryWatch(
  prisma: { timeEntry: { updateMany: (args: { where: object; data: object }) => Promise<unknown> } },
  port: TimeEntryWatchPort | undefined,
  ref: TimeEntryRef,
  log?: Log,
): Promise<boolean> {
  if (!port) return false;
  try {
    await port.start(ref);
    await prisma.timeEntry.updateMany({
      where: { id: ref.entryId, tenantId: ref.tenantId },
      data: { workflowId: timeEntryWatchId(ref) },
    });
    return true;
  } catch (err) {
    log?.warn({ err, ...ref }, 'time entry watch not started; the reconciler will see to it');
    return false;
  }
}

/** Tells an entry's watch that it closed; a failure is logged only (the watch reads the entry before it flags). */
export async function tellTimeEntryWatch(port: TimeEntryWatchPort | undefined, ref: TimeEntryRef, log?: Log) {
  await port?.closed(ref).catch((err: unknown) => log?.warn({ err, ...ref }, 'time entry watch not told of the close'));
}
