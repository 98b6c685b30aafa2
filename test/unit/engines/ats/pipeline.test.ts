import { openingMoveProblem } from '../../../../engines/ats/openingStatus';
import { stageMoveProblem, type StageMove } from '../../../../engines/ats/pipeline';

describe('the recruiting pipeline', () => {
  const allowed: Array<[StageMove, string, string]> = [
    ['advance', 'applied', 'screening'],
    ['advance', 'applied', 'interview'],
    ['advance', 'applied', 'offer'],
    ['advance', 'screening', 'interview'],
    ['advance', 'interview', 'offer'],
    ['reject', 'applied', 'rejected'],
    ['reject', 'offer', 'rejected'],
    ['withdraw', 'interview', 'withdrawn'],
    ['hire', 'offer', 'hired'],
    ['reopen', 'rejected', 'screening'],
    ['reopen', 'rejected', 'offer'],
  ];
  it.each(allowed)('allows %s from %s to %s', (move, from, to) => {
    expect(stageMoveProblem(move, from, to)).toBeNull();
  });

  const refused: Array<[StageMove, string, string, string]> = [
    ['advance', 'screening', 'applied', 'forward only'],
    ['advance', 'offer', 'interview', 'forward only'],
    ['advance', 'interview', 'interview', 'at stage interview already'],
    ['advance', 'offer', 'hired', 'only by accepting its offer'],
    ['advance', 'applied', 'rejected', 'use reject or withdraw'],
    ['advance', 'hired', 'offer', 'nothing moves out of it'],
    ['advance', 'withdrawn', 'screening', 'nothing moves out of it'],
    ['advance', 'rejected', 'screening', 'only HR reopens'],
    ['reject', 'rejected', 'rejected', 'only HR reopens'],
    ['reject', 'hired', 'rejected', 'nothing moves out of it'],
    ['withdraw', 'withdrawn', 'withdrawn', 'nothing moves out of it'],
    ['hire', 'interview', 'hired', 'only an application at stage offer'],
    ['hire', 'hired', 'hired', 'nothing moves out of it'],
    ['reopen', 'withdrawn', 'applied', 'nothing moves out of it'],
    ['reopen', 'screening', 'screening', 'only a rejected application'],
    ['reopen', 'rejected', 'hired', 'at an active stage'],
  ];
  it.each(refused)('refuses %s from %s to %s, naming the current stage', (move, from, to, why) => {
    const problem = stageMoveProblem(move, from, to);
    expect(problem).toContain(`at stage ${from}`);
    expect(problem).toContain(why);
  });
});

describe('the life of a job opening', () => {
  it.each([
    ['DRAFT', 'OPEN'],
    ['DRAFT', 'CLOSED'],
    ['OPEN', 'ON_HOLD'],
    ['ON_HOLD', 'OPEN'],
    ['OPEN', 'CLOSED'],
    ['ON_HOLD', 'CLOSED'],
  ] as const)('moves from %s to %s', (from, to) => {
    expect(openingMoveProblem(from, to)).toBeNull();
  });

  it.each([
    ['DRAFT', 'ON_HOLD', 'The opening is DRAFT: it moves to OPEN or CLOSED only'],
    ['OPEN', 'DRAFT', 'The opening is OPEN: it moves to ON_HOLD or CLOSED only'],
    ['OPEN', 'OPEN', 'The opening is already OPEN'],
    ['CLOSED', 'OPEN', 'The opening is CLOSED: it does not change any more'],
  ] as const)('refuses %s to %s, naming the current status', (from, to, reason) => {
    expect(openingMoveProblem(from, to)).toBe(reason);
  });
});
