import { toolCatalogue } from '../../../activities/agent/tools';
import type { Actor } from '../../../engines/access/actor';
import { scopes } from '../../../engines/access/scopes';
import { findOperation } from '../../../operations';
import { TOOL_EXAMPLES } from '../../../model/builtin/toolUtterances';
import { classifyTool, stem } from '../../../model/builtin/nearestTool';
import { slotsFor } from '../../../model/builtin/schemaSlots';
import type { AgentTool } from '../../../model/types';
import { Conversation, ok } from './conversation';

// The tool classifier (issue 22 item 2): requests no keyword rule understands, planned from labelled examples and the
// tools' own words, with slots from each tool's JSON schema. The catalogue is the agent's own for a user holding
// every scope, as a run derives it.

const hr: Actor = {
  tenant: { id: 't', name: 'Acme' },
  user: { id: 'u', name: 'Hannah Reyes', email: 'hr@acme.test', role: 'HR_MANAGER' },
  employee: null,
  credential: { id: 'c', kind: 'delegated_credential', name: 'run', scopes },
};
const tools: AgentTool[] = toolCatalogue(hr);
const tool = (name: string) => tools.find((t) => t.name === name)!;
const chat = () => new Conversation(tools, { name: 'Hannah Reyes', role: 'HR_MANAGER' }, '2026-11-23');

describe('the tool classifier', () => {
  it('folds no first name into a word a typo away ("marcus" is not "march")', () => {
    expect(classifyTool('marcus', tools)).toBeUndefined();
    expect(classifyTool('who reports to marcus', tools)?.tool).toBe('get_org_chart');
  });

  it('names only tools of the registry in its examples', () => {
    for (const name of Object.keys(TOOL_EXAMPLES))
      expect({ name, known: Boolean(findOperation(name)) }).toEqual({ name, known: true });
  });

  it.each([
    ['what courses are available', 'list_courses'],
    ['where are our offices', 'list_locations'],
    ['notifcations', 'list_my_notifications'],
    ['which trainings are mandatory', 'list_training_requirements'],
  ])('reads "%s" as %s', (text, expected) => {
    expect(classifyTool(text, tools)?.tool).toBe(expected);
  });

  it('only ranks the tools of the catalogue it is given', () => {
    const without = tools.filter((t) => t.name !== 'list_courses');
    expect(classifyTool('what courses are available', without)?.tool).not.toBe('list_courses');
  });

  it('folds plurals and verb endings to one stem', () => {
    expect(['courses', 'course'].map(stem)).toEqual(['course', 'course']);
    expect(['enrolments', 'licences', 'companies'].map(stem)).toEqual(['enrolment', 'licence', 'company']);
  });
});

describe('slots from the tool’s schema', () => {
  it('fills an enum value said in words, not one that only describes the tool', () => {
    expect(slotsFor(tool('list_inventory_items'), 'which items are in repair', '2026-11-23').args).toEqual({
      status: 'in_repair',
    });
    expect(slotsFor(tool('list_timesheets'), 'which timesheets have I submitted', '2026-11-23').args).toEqual({});
  });

  it('fills a period, a year and a grouping', () => {
    expect(slotsFor(tool('get_absence_analytics'), 'absence rate per quarter for 2026', '2026-11-23')).toEqual({
      args: { from: '2026-01-01', to: '2026-12-31', groupBy: 'quarter' },
      missing: [],
    });
    expect(slotsFor(tool('get_overtime_analytics'), 'overtime from January to March 2027', '2026-11-23').args).toEqual({
      from: '2027-01-01',
      to: '2027-03-31',
    });
    expect(slotsFor(tool('list_pay_periods'), 'which pay periods are closed this year', '2026-11-23').args).toEqual({
      year: 2026,
    });
  });

  it('fills a from-to filter with the days said (it read every day for "yesterday")', () => {
    expect(slotsFor(tool('list_time_entries'), 'show my time entries for yesterday', '2026-11-25').args).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
    });
  });

  it('names the required slots it cannot fill', () => {
    expect(slotsFor(tool('get_absence_analytics'), 'absence rate', '2026-11-23').missing).toEqual(['from', 'to']);
  });
});

describe('planning with the classifier', () => {
  it('runs a clear read at once and summarises what it found', () => {
    const c = chat();
    expect(c.say('where are our offices')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_locations', arguments: {} }],
    });
    const done = c.answer(ok({ locations: [{ name: 'Paris HQ' }, { name: 'Lyon' }] }));
    expect(done).toMatchObject({ type: 'reply', text: expect.stringContaining('- Paris HQ\n- Lyon') });
  });

  it('asks for a write’s required name, then proposes the write with the answer', () => {
    const c = chat();
    // "create a department" shares its words with "list departments"; its verb says it is the write.
    expect(c.say('create a department')).toMatchObject({
      type: 'question',
      text: expect.stringContaining('department name'),
    });
    expect(c.say('Data Science')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_department', arguments: { name: 'Data Science' } }],
    });
  });

  it('proposes a write whose name the request gives, for approval', () => {
    expect(chat().say('create a department called Data Science')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'create_department', arguments: { name: 'Data Science' } }],
      text: expect.stringMatching(/^I'll /),
    });
  });

  it('asks to confirm a guess it is not sure of, and acts on yes', () => {
    const c = chat();
    // What one holds is close to the inventory's items: too close to act on.
    const asked = c.say('what equipment do I have');
    expect(asked).toMatchObject({ type: 'question', choices: ['yes', 'no'] });
    expect(c.say('yes')).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'list_inventory_holdings' }] });
  });

  it('never ties a list with the read of one item the request gives no id for', () => {
    expect(chat().say('user accounts and their roles')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'list_users' }],
    });
    expect(chat().say('my enrolments')).toMatchObject({ type: 'tool_calls', calls: [{ tool: 'list_enrolments' }] });
  });

  it('reads a write’s one yes/no setting from its verb', () => {
    expect(chat().say('stop showing my birthday')).toMatchObject({
      type: 'tool_calls',
      calls: [{ tool: 'set_birthday_consent', arguments: { showBirthday: false } }],
    });
  });

  it('knows the clock’s short forms from its examples', () => {
    expect(chat().say('clockout')).toMatchObject({ calls: [{ tool: 'clock_out' }] });
    expect(chat().say('back from lunch')).toMatchObject({ calls: [{ tool: 'end_break' }] });
  });

  it('leaves what it cannot place to the usual reply', () => {
    expect(chat().say('zebra quantum marmalade')).toMatchObject({
      type: 'reply',
      text: expect.stringContaining("didn't understand"),
    });
  });
});
