/**
 * The payroll engine's port to the durable process of a run (the Temporal workflow `payrollRun`,
 * `payroll-run/<tenant>/<id>`): it gathers the payslips, waits for the review, pays on the pay date and tells
 * everyone. The engine commits each step, then starts or tells the workflow through this port.
 */
export interface PayrollRunRef {
  tenantId: string;
  runId: string;
}

export interface PayrollRunPort {
  /** Starts a run's workflow and answers its id; starting twice is harmless. */
  start(ref: PayrollRunRef): Promise<string>;
  /** The run was approved or cancelled: the workflow reads it again. */
  notify(ref: PayrollRunRef): Promise<void>;
}

/**
 * Starts a run's workflow after its commit and records its id; a failure is logged and leaves the id null, for the
 * worker's reconciler (temporal/worker/processReconciler.ts).
 */
export async function startPayrollRunWorkflow(
  prisma: { payrollRun: { updateMany: (args: { where: object; data: object }) => Promise<unknown> } },
  port: PayrollRunPort | undefined,
  ref: PayrollRunRef,
  log?: { warn(obj: object, msg: string): void },
): Promise<boolean> {
  if (!port) return false;
  try {
    const workflowId = await port.start(ref);
    await prisma.payrollRun.updateMany({ where: { id: ref.runId, tenantId: ref.tenantId }, data: { workflowId } });
    return true;
  } catch (err) {
    log?.warn({ err, ...ref }, 'payroll run workflow not started; the reconciler will see to it');
    return false;
  }
}
