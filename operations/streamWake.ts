/** A latch an event stream waits on: a wake-up that comes while it is reading is kept, not lost. */
export class Wake {
  private pending = false;
  private resolve: (() => void) | undefined;

  notify = (): void => {
    this.pending = true;
    this.resolve?.();
  };

  clear(): void {
    this.pending = false;
  }

  /** Resolves true on a wake-up, false after `ms` without one. */
  wait(ms: number): Promise<boolean> {
    if (this.pending) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = undefined;
        resolve(false);
      }, ms);
      this.resolve = () => {
        clearTimeout(timer);
        this.resolve = undefined;
        resolve(true);
      };
    });
  }
}
