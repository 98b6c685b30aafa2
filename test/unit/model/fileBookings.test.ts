import { builtinStep } from '../../../model/builtin/builtinModel';
import { bookingsOfText } from '../../../model/builtin/fileBookings';
import type { MessageAttachment, ModelInput, ModelStep } from '../../../model/types';
import { registryErrors, registryTools } from './catalogue';

/**
 * The built-in model on requests that come with files: "book the leave days in this CSV for me" plans one
 * create_leave_request per row of the file. Today is Monday 23 November 2026; the expected steps were written by
 * hand from the files, not copied from the model's output.
 */
function file(text: string, filename = 'days.csv', contentType = 'text/csv'): MessageAttachment {
  return { id: '0190e3f2-0000-7000-8000-000000000001', filename, contentType, size: Buffer.byteLength(text), text };
}

function inputFor(text: string, attachments: MessageAttachment[], tools?: readonly string[]): ModelInput {
  return {
    messages: [{ role: 'user', text, attachments }],
    tools: registryTools(tools),
    today: '2026-11-23',
    timeZone: 'Europe/Paris',
    user: { name: 'Alice Martin', role: 'EMPLOYEE' },
  };
}

const create = (args: Record<string, unknown>[], text: string): ModelStep => ({
  type: 'tool_calls',
  calls: args.map((a, i) => ({ id: `call_1_${i}`, tool: 'create_leave_request', arguments: a })),
  text,
});

const CASES: Array<{ name: string; text: string; files: MessageAttachment[]; expected: ModelStep }> = [
  {
    name: 'a CSV of ranges with policy and reason',
    text: 'book the leave days in this CSV for me',
    files: [
      file(
        'start_date,end_date,policy,reason\n2026-12-21,2026-12-24,Annual leave,Christmas\n2027-02-15,2027-02-19,Unpaid leave,"Ski, with family"\n',
      ),
    ],
    expected: create(
      [
        { start_date: '2026-12-21', end_date: '2026-12-24', policy: 'Annual leave', reason: 'Christmas' },
        { start_date: '2027-02-15', end_date: '2027-02-19', policy: 'Unpaid leave', reason: 'Ski, with family' },
      ],
      "From days.csv, I'll request 2 leave periods: Annual leave from Mon 21 Dec to Thu 24 Dec 2026; " +
        'Unpaid leave from Mon 15 Feb to Fri 19 Feb 2027.',
    ),
  },
  {
    name: 'one date per line, without a header',
    text: 'Please book these days off',
    files: [file('2026-12-07\n2026-12-11\n', 'dates.txt', 'text/plain')],
    expected: create(
      [{ start_date: '2026-12-07' }, { start_date: '2026-12-11' }],
      "From dates.txt, I'll request 2 leave periods: leave on Mon 7 Dec 2026; leave on Fri 11 Dec 2026.",
    ),
  },
  {
    name: 'a single date column, a range written "to", a policy named in the message, a bad line reported',
    text: 'book annual leave for the days in the attached file',
    files: [file('date\n2026-12-01\n2026-12-03 to 2026-12-04\nsoon\n')],
    expected: create(
      [
        { start_date: '2026-12-01', policy: 'Annual leave' },
        { start_date: '2026-12-03', policy: 'Annual leave' },
      ],
      "From days.csv, I'll request 2 leave periods: Annual leave on Tue 1 Dec 2026; Annual leave on Thu 3 Dec 2026. " +
        'I skipped 1 line without a valid date: "soon".',
    ),
  },
  {
    name: 'a header-less CSV of ranges, semicolon-separated',
    text: 'book the leave in this csv',
    files: [file('2026-12-28;2026-12-31\n')],
    expected: create(
      [{ start_date: '2026-12-28', end_date: '2026-12-31' }],
      "From days.csv, I'll request 1 leave period: leave from Mon 28 Dec to Thu 31 Dec 2026.",
    ),
  },
  {
    name: 'a file without dates',
    text: 'book the leave days in this CSV for me',
    files: [file('name,team\nAlice,Engineering\n')],
    expected: {
      type: 'reply',
      text:
        "I couldn't find any dates in days.csv. Put one request per line: a date (2026-12-21), a range " +
        '(2026-12-21 to 2026-12-24), or columns start_date,end_date[,policy,reason].',
    },
  },
  {
    name: 'a run that may not create requests',
    text: 'book the leave days in this CSV for me',
    files: [file('2026-12-07\n')],
    expected: {
      type: 'reply',
      text: "Sorry, I can't book leave here: the token of this session lacks the leave:write scope (creating leave requests). A token with leave:write would let me.",
    },
  },
];

describe('the built-in model on requests with attached files', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (name, c) => {
    const tools = name === 'a run that may not create requests' ? ['get_me', 'list_leave_requests'] : undefined;
    const step = builtinStep(inputFor(c.text, c.files, tools));
    expect(step).toEqual(c.expected);
    if (step.type === 'tool_calls') expect(step.calls.flatMap(registryErrors)).toEqual([]);
  });

  it('ignores files when the request is not a booking', () => {
    const step = builtinStep(inputFor('show my balances', [file('2026-12-07\n')]));
    expect(step).toEqual({
      type: 'tool_calls',
      calls: [{ id: 'call_1_0', tool: 'get_leave_balances', arguments: {} }],
    });
  });

  it('summarises the created requests once they ran', () => {
    const input = inputFor('book the leave days in this CSV for me', [file('2026-12-07\n')]);
    input.messages.push(
      {
        role: 'assistant_tool_calls',
        calls: [{ id: 'call_1_0', tool: 'create_leave_request', arguments: { start_date: '2026-12-07' } }],
      },
      {
        role: 'tool',
        toolCallId: 'call_1_0',
        tool: 'create_leave_request',
        ok: true,
        result: {
          id: 'r1',
          status: 'PENDING',
          policy: 'Annual leave',
          start_date: '2026-12-07',
          end_date: '2026-12-07',
          total_days: 1,
          warnings: [],
        },
      },
    );
    expect(builtinStep(input)).toEqual({
      type: 'reply',
      text: "I've requested Annual leave on Mon 7 Dec 2026 (1 working day). It is PENDING, waiting for approval.",
    });
  });
});

describe('bookingsOfText', () => {
  it('reads quoted fields, a BOM, comments and reversed ranges', () => {
    expect(
      bookingsOfText(
        '\uFEFFfrom,to,notes\n# mine\n"2026-12-01","2026-12-02","a ""quoted"" note"\n2026-12-09,2026-12-08,x\n',
      ),
    ).toEqual({
      bookings: [{ start: '2026-12-01', end: '2026-12-02', reason: 'a "quoted" note' }],
      skipped: ['2026-12-09,2026-12-08,x'],
    });
  });

  it('refuses dates that are not in the calendar', () => {
    expect(bookingsOfText('2026-02-30\n2026-13-01\n')).toEqual({
      bookings: [],
      skipped: ['2026-02-30', '2026-13-01'],
    });
  });
});
