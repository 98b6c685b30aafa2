// Jest's order of suites, with the known slow ones first. Without the timings of an earlier run (a clean clone, as in
// CI) jest orders suites by file size, so the fuzz suites (small files that run for many minutes) started last and
// ran alone at the end while the other worker idled. Sorting by the default first keeps timing-based order locally.
const Sequencer = require('@jest/test-sequencer').default;

const SLOW_FIRST = [/[\\/]fuzz[\\/]/, /companyMatrix/, /authorizationMatrix/, /WorkerKilled/, /[\\/]e2e[\\/]/];

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const index = SLOW_FIRST.findIndex((pattern) => pattern.test(test.path));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Array.prototype.sort is stable: within a rank, the default order stays.
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowFirstSequencer;
