import { checkpointSizesDue } from '../../../../engines/audit/checkpoint';

describe('checkpointSizesDue', () => {
  it.each([
    [0, 3, 4, []],
    [0, 4, 4, [4]],
    [3, 4, 4, [4]],
    [4, 7, 4, []],
    [4, 8, 4, [8]],
    [1, 13, 4, [4, 8, 12]],
    [999, 1500, 1000, [1000]],
    [0, 10, 1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [0, 5000, 0, []],
  ])('grows from %d to %d records with a checkpoint every %d: due at %j', (from, to, every, due) => {
    expect(checkpointSizesDue(from, to, every)).toEqual(due);
  });
});
