import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026 (conversation.ts).
const tools = registryTools(AGENT_OPERATIONS);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' });

describe('a booking whose days are said roughly', () => {
  it.each(['book around Christmas', 'off the 10th of December or so', 'a week off around 14 December'])(
    'asks which days exactly for "%s", offering the days it read',
    (text) => {
      expect(alice().say(text)).toMatchObject({
        type: 'question',
        text: expect.stringMatching(/^You said roughly .*: which days exactly\?$/),
      });
    },
  );

  it('books the days of the answer: the offered choice, or other days', () => {
    const offered = alice();
    const question = offered.say('book around Christmas');
    expect(question).toMatchObject({ type: 'question', choices: ['on Fri 25 Dec 2026'] });
    expect(offered.say('on Fri 25 Dec 2026')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-25' } }],
    });

    const other = alice();
    other.say('book around Christmas');
    expect(other.say('24 to 31 December')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-24', end_date: '2026-12-31' } }],
    });
  });

  it('books exact days at once: "about" in a reason is no rough date', () => {
    expect(alice().say('book 7 December, a course about first aid')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-07' } }],
    });
  });
});

describe('a booking for a group', () => {
  it.each(['book leave for my team on Friday', 'book leave for everyone on 24 December'])(
    'asks whether "%s" is the user’s own leave, and books nothing yet',
    (text) => {
      expect(alice().say(text)).toMatchObject({ type: 'question', text: /one person at a time/, choices: ['Just me'] });
    },
  );

  it('books the user’s own day on "just me", with no group for its reason, and nothing on "no"', () => {
    const mine = alice();
    mine.say('book leave for everyone on 24 December');
    const booked = mine.say('Just me');
    expect(booked).toMatchObject({ type: 'tool_calls', calls: [{ arguments: { start_date: '2026-12-24' } }] });
    expect(booked.type === 'tool_calls' && booked.calls[0]!.arguments).not.toHaveProperty('reason');

    const none = alice();
    none.say('book leave for my team on Friday');
    expect(none.say('no, forget it')).toMatchObject({ type: 'reply' });
  });

  it('keeps a team event as the reason of the user’s own day', () => {
    expect(alice().say('book Friday for a team offsite')).toMatchObject({
      type: 'tool_calls',
      calls: [{ arguments: { start_date: '2026-11-27', reason: 'team offsite' } }],
    });
  });
});

describe('a day and its neighbour named by reference', () => {
  it.each([
    ['off tomorrow and the day after', '2026-11-24', '2026-11-25'],
    ['book Friday and the day before', '2026-11-26', '2026-11-27'],
  ])('books "%s" as two days', (text, start, end) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: start, end_date: end } }],
    });
  });
});

describe('a booking of a repeating pattern', () => {
  it.each(['off every Friday in December', 'book Fridays in January off', 'take every other Monday off'])(
    'asks for the days of "%s" and books nothing (it booked the next Friday alone)',
    (text) => {
      expect(alice().say(text)).toMatchObject({
        type: 'question',
        text: /not a repeating pattern: which days exactly\?/,
      });
    },
  );

  it('books the days the answer names', () => {
    const chat = alice();
    chat.say('off every Friday in December');
    expect(chat.say('4 December')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2026-12-04' } }],
    });
  });

  it('books "Friday" at once: one day, no pattern', () => {
    expect(alice().say('book Friday')).toMatchObject({ type: 'tool_calls' });
  });
});

describe('a holiday said with "over"', () => {
  it.each(['off over new year', 'off over Christmas'])('asks which days "%s" means', (text) => {
    expect(alice().say(text)).toMatchObject({ type: 'question', text: /^You said roughly .*: which days exactly\?$/ });
  });
});
