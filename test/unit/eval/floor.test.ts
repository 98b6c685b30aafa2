import { VALIDATION_FLOOR } from '../../../eval/floor';
import { evaluate } from '../../../eval/run';

// The built-in model on the validation split, held to the floor of eval/floor.ts (issue 22: "run in npm test as a
// floor"). The rows are said on their own fixed days, so the figures do not depend on today's date.
describe('the built-in model on the validation split', () => {
  const outcomes = evaluate(['validation']).get('validation') ?? [];
  const share = (verdict: string) => outcomes.filter((o) => o.judgement.verdict === verdict).length / outcomes.length;

  it('plans at least the floor of rows right', () => {
    expect(outcomes.length).toBeGreaterThan(200);
    expect(share('correct')).toBeGreaterThanOrEqual(VALIDATION_FLOOR.correct);
  });

  it('plans at most the floor of rows confidently wrong', () => {
    expect(share('confidently_wrong')).toBeLessThanOrEqual(VALIDATION_FLOOR.confidentlyWrong);
  });
});
