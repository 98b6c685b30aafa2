/**
 * Runs `pass` now and every `intervalSeconds` until `stop()`: the loop of the worker's reconcilers. A timeout chain
 * rather than setInterval, so a slow pass never overlaps the next; a pass that fails as a whole (the database is
 * unreachable) goes to `onError` and the schedule goes on.
 */
export function startPeriodicPass<T>(opts: {
  pass: () => Promise<T>;
  intervalSeconds: number;
  onPass?: (result: T) => void;
  onError: (error: unknown) => void;
}): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const tick = () => {
    inFlight = opts
      .pass()
      .then((result) => opts.onPass?.(result), opts.onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.intervalSeconds * 1000);
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
