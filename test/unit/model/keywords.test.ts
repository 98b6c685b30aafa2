import { closestWord, correctTypos, editDistance, normalise } from '../../../model/builtin/keywords';

describe('the typo-tolerant keyword matcher', () => {
  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('thrusday', 'thursday')).toBe(1);
    expect(editDistance('wendesday', 'wednesday')).toBe(1);
    expect(editDistance('leave', 'leave')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it.each([
    ['wendesday', 'wednesday'],
    ['tommorow', 'tomorrow'],
    ['firday', 'friday'],
    ['holliday', 'holiday'],
    ['balence', 'balance'],
    ['aproved', 'approved'],
    ['untakn', 'untaken'],
    ['febuary', 'february'],
  ])('corrects "%s" to "%s"', (typo, word) => {
    expect(closestWord(typo)).toBe(word);
  });

  it('leaves short words alone, where one edit makes another real word', () => {
    expect(closestWord('lave')).toBeUndefined();
    expect(correctTypos('may i take it')).toBe('may i take it');
  });

  it('keeps real words near a keyword as they are', () => {
    expect(correctTypos('the approver of the approval')).toBe('the approver of the approval');
    expect(correctTypos('while leaving')).toBe('while leaving');
  });

  it('normalises case, typographic quotes and dashes', () => {
    expect(normalise('I’d like 4–6 MAY off  please')).toBe("i'd like 4-6 may off please");
  });
});
