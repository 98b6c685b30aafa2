import { Conversation } from './conversation';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryTools } from './catalogue';

// Today is Monday 23 November 2026.
const TODAY = '2026-11-23';
const tools = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS]);
const alice = () => new Conversation(tools, { name: 'Alice Anders', role: 'EMPLOYEE' }, TODAY);

describe('dotted day.month ranges are days off, not times of day', () => {
  it.each([
    ['off 14.12 - 18.12', { start_date: '2026-12-14', end_date: '2026-12-18' }],
    ['leave from 14.12 to 18.12', { start_date: '2026-12-14', end_date: '2026-12-18' }],
    ['holiday 21.12-23.12', { start_date: '2026-12-21', end_date: '2026-12-23' }],
    ['leave 21.12-23.12.2026', { start_date: '2026-12-21', end_date: '2026-12-23' }],
    ['off 3-5.12', { start_date: '2026-12-03', end_date: '2026-12-05' }],
  ])('books "%s" as those days (never a time entry, never another year)', (text, args) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_leave_request', arguments: args }],
    });
  });

  it.each([
    ['worked 8.30-17.30 yesterday', '2026-11-22T07:30:00.000Z', '2026-11-22T16:30:00.000Z'],
    ['worked 9.10-17.10 yesterday', '2026-11-22T08:10:00.000Z', '2026-11-22T16:10:00.000Z'],
  ])('still reads "%s" said about work as times', (text, startedAt, endedAt) => {
    expect(alice().say(text)).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_time_entry', arguments: { startedAt, endedAt } }],
    });
  });
});
