/** One dependency that must answer before the API is ready (database, Temporal namespace, a worker). */
export interface ReadinessCheck {
  name: string;
  check(): Promise<{ ok: boolean; detail?: string }>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, { ok: boolean; detail?: string }>;
}

/**
 * Runs every check at once, each bounded by `timeoutMs`, so a hung dependency reports "down" instead of
 * hanging the probe.
 */
export async function runReadinessChecks(checks: ReadinessCheck[], timeoutMs = 3000): Promise<ReadinessReport> {
  const results = await Promise.all(
    checks.map(async (c) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
      });
      try {
        const result = await Promise.race([c.check(), timeout]);
        return [c.name, result] as const;
      } catch (err) {
        return [c.name, { ok: false, detail: err instanceof Error ? err.message : String(err) }] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const report: ReadinessReport = { ready: true, checks: {} };
  for (const [name, result] of results) {
    report.checks[name] = result;
    if (!result.ok) report.ready = false;
  }
  return report;
}
