import type { OutboundToolResult } from '../lib/connector/queue';

interface Entry {
  promise: Promise<OutboundToolResult>;
  settledAt: number | undefined;
}

/**
 * The connector's memory of the calls it ran, by idempotency key. A call sent again with a key it knows (the hub
 * lost the socket before the result arrived, and the workflow's retry sent it again) is not run a second time: a
 * running call is joined, a finished one answered from memory. Only results are remembered: a call whose adapter
 * could not be reached is forgotten, so its retry reaches the adapter. The memory is this process's: after a
 * restart the retry does reach the adapter, with the same Idempotency-Key, which the adapter must honour.
 */
export class CallLedger {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly keepMs = 60 * 60_000,
    private readonly maxEntries = 10_000,
    private readonly now = () => Date.now(),
  ) {}

  /** Runs `execute` for a new key; joins or replays a known one. `executed` says which happened. */
  run(
    key: string,
    execute: () => Promise<OutboundToolResult>,
  ): { promise: Promise<OutboundToolResult>; executed: boolean } {
    this.prune();
    const known = this.entries.get(key);
    if (known) return { promise: known.promise, executed: false };
    const entry: Entry = { promise: execute(), settledAt: undefined };
    this.entries.set(key, entry);
    entry.promise.then(
      () => (entry.settledAt = this.now()),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return { promise: entry.promise, executed: true };
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(): void {
    const cutoff = this.now() - this.keepMs;
    for (const [key, entry] of this.entries) {
      if (entry.settledAt !== undefined && entry.settledAt < cutoff) this.entries.delete(key);
    }
    // Oldest first (Map order): drop settled entries past the cap; running calls are never dropped.
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      if (entry.settledAt !== undefined) this.entries.delete(key);
    }
  }
}
