import { sentencePieces } from '../../../activities/agent/replyDeltas';

describe('a whole reply cut into deltas', () => {
  it.each([
    [
      'Done. I booked 1.5 days from 4 May!\nYour balance: 12 days.',
      ['Done. ', 'I booked 1.5 days from 4 May!\n', 'Your balance: 12 days.'],
    ],
    ['Hello', ['Hello']],
    ['', []],
    ['Is it the 4th... or the 5th? Tell me.', ['Is it the 4th... ', 'or the 5th? ', 'Tell me.']],
    [
      'Your requests:\n- 4 May (PENDING)\n- 12 June (APPROVED)',
      ['Your requests:\n', '- 4 May (PENDING)\n', '- 12 June (APPROVED)'],
    ],
  ])('cuts %j by sentence and line', (text, pieces) => {
    expect(sentencePieces(text)).toEqual(pieces);
    expect(sentencePieces(text).join('')).toBe(text);
  });

  it('joins neighbours so that a long reply comes in a few deltas, with nothing lost', () => {
    const text = Array.from({ length: 41 }, (_, i) => `- request ${i + 1}\n`).join('');
    const pieces = sentencePieces(text, 8);
    expect(pieces.length).toBeLessThanOrEqual(8);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);
  });
});
