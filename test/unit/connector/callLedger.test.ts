import { CallLedger } from '../../../connector/callLedger';
import type { OutboundToolResult } from '../../../lib/connector/queue';

const result = (text: string): OutboundToolResult => ({ content: [{ type: 'text', text }] });

describe('CallLedger', () => {
  it('runs a new key once and joins a call sent again while it runs', async () => {
    const ledger = new CallLedger();
    let runs = 0;
    let finish!: (r: OutboundToolResult) => void;
    const first = ledger.run('run:action', () => {
      runs++;
      return new Promise((resolve) => (finish = resolve));
    });
    const second = ledger.run('run:action', async () => {
      runs++;
      return result('second');
    });
    expect(first.executed).toBe(true);
    expect(second.executed).toBe(false);
    finish(result('first'));
    await expect(second.promise).resolves.toEqual(result('first'));
    expect(runs).toBe(1);
  });

  it('answers a finished call from memory, without running it again', async () => {
    const ledger = new CallLedger();
    await ledger.run('k', async () => result('done')).promise;
    const again = ledger.run('k', async () => result('again'));
    expect(again.executed).toBe(false);
    await expect(again.promise).resolves.toEqual(result('done'));
  });

  it('forgets a call whose adapter could not be reached, so its retry reaches the adapter', async () => {
    const ledger = new CallLedger();
    await expect(ledger.run('k', () => Promise.reject(new Error('ECONNREFUSED'))).promise).rejects.toThrow(
      'ECONNREFUSED',
    );
    await Promise.resolve();
    const retry = ledger.run('k', async () => result('ok'));
    expect(retry.executed).toBe(true);
    await expect(retry.promise).resolves.toEqual(result('ok'));
  });

  it('drops the oldest finished calls past its cap, never a running one', async () => {
    const ledger = new CallLedger(1000, 2, () => 0);
    await ledger.run('a', async () => result('a')).promise;
    await ledger.run('b', async () => result('b')).promise;
    const running = ledger.run('c', () => new Promise<OutboundToolResult>(() => undefined));
    expect(running.executed).toBe(true);
    ledger.run('d', () => new Promise<OutboundToolResult>(() => undefined));
    // Over the cap of 2: the settled a and b go first; the running c and d stay.
    expect(ledger.run('c', async () => result('x')).executed).toBe(false);
    expect(ledger.run('d', async () => result('x')).executed).toBe(false);
    expect(ledger.run('a', async () => result('a2')).executed).toBe(true);
  });

  it('forgets a finished call keepMs after it finished', async () => {
    let now = 0;
    const ledger = new CallLedger(1000, 100, () => now);
    await ledger.run('a', async () => result('a')).promise;
    now = 1000;
    expect(ledger.run('a', async () => result('again')).executed).toBe(false);
    now = 1001;
    expect(ledger.run('a', async () => result('again')).executed).toBe(true);
  });
});
