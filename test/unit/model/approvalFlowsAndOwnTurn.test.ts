import { everyTool } from './catalogue';
import { Conversation } from './conversation';
import type { ModelStep } from '../../../model/types';

/**
 * Requests about approvals that are not the leave approvals inbox, on the whole catalogue (every tool competes, as in
 * a run): how approvals are routed (the approval flows), and the user's own turn to sign or acknowledge, which is a
 * read of their own list, never a request sent to others.
 */
const TOOLS = everyTool();

function say(text: string, role = 'HR_MANAGER'): ModelStep {
  return new Conversation(TOOLS, { name: 'Alice Anders', role }).say(text);
}

function call(step: ModelStep): { tool: string; arguments: Record<string, unknown> } | undefined {
  const first = step.type === 'tool_calls' ? step.calls[0] : undefined;
  return first && { tool: first.tool, arguments: first.arguments };
}

describe('how approvals are routed', () => {
  it.each([
    ['list the approval flows', 'list_approval_flows', {}],
    ['show the approval flow of leave', 'get_approval_flow', { requestType: 'leave' }],
    ['who approves expense claims', 'get_approval_flow', { requestType: 'expense_claim' }],
    ['who signs off timesheets', 'get_approval_flow', { requestType: 'timesheet' }],
  ])('"%s" reads %s %p', (text, tool, args) => {
    expect(call(say(text))).toEqual({ tool, arguments: args });
  });

  it.each(['who approves my leave', 'how are leave requests approved here'])(
    '"%s" is no one’s leave: it asks about the approval flows, never lists leave requests',
    (text) => {
      const step = say(text);
      expect(step).toMatchObject({ type: 'question', text: /approval flow/ });
    },
  );

  it.each([
    ['what is waiting for my approval?', 'list_leave_approvals'],
    ['anything to sign off?', 'list_leave_approvals'],
    ['anything to approve', 'list_leave_approvals'],
  ])('keeps "%s" on the approvals inbox (%s)', (text, tool) => {
    expect(call(say(text, 'MANAGER'))?.tool).toBe(tool);
  });
});

describe('the user’s own turn to sign, acknowledge or review', () => {
  it.each([
    ['what do I have to sign', 'list_signature_requests', { toSign: 'me' }],
    ['what do I need to sign', 'list_signature_requests', { toSign: 'me' }],
    ['which policies do I still need to acknowledge', 'list_playbook_acknowledgements', {}],
    ['what reviews do I have to write', 'list_reviews', { reviewer: 'me' }],
  ])('"%s" reads %s %p', (text, tool, args) => {
    expect(call(say(text, 'EMPLOYEE'))).toEqual({ tool, arguments: args });
  });

  it('does not take "reviews about me" for the reviews the user writes', () => {
    expect(call(say('show reviews about me', 'EMPLOYEE'))?.arguments).not.toHaveProperty('reviewer');
  });

  it('does not take "documents waiting for my signature" for the leave approvals inbox', () => {
    const step = say('documents waiting for my signature', 'EMPLOYEE');
    expect(call(step)?.tool).not.toBe('list_leave_approvals');
    expect(step).toMatchObject({ type: 'question', text: /signature requests/ });
  });
});
