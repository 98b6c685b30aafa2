import { AppError } from '../../../engines/appError';
import { inToolTerms } from '../../../mcp/inbound/server';
import { operations } from '../../../operations';
import { deriveTools, toolDescription } from '../../../operations/tools';

/**
 * Tools speak to MCP clients and the agent's model, which never see an HTTP status or request part (issue 24): a
 * description says the error code a tool result carries, a refusal names arguments.
 */
describe('toolDescription', () => {
  it.each([
    ['A name taken answers 409.', 'A name taken fails with conflict.'],
    [
      'A bad input answers 400 validation_error naming the field.',
      'A bad input fails with validation_error naming the field.',
    ],
    [
      '403 for someone else’s unless HR, 404 when you cannot see it',
      'forbidden for someone else’s unless HR, not_found when you cannot see it',
    ],
    ['Again: 409 naming ACCEPTED.', 'Again: conflict naming ACCEPTED.'],
    // Numbers that are no status stay as they are.
    [
      'Open at most 366 days; HR too above 500.00; 400 days back',
      'Open at most 366 days; HR too above 500.00; 400 days back',
    ],
    ['A 304 or 206 is not an error of a tool', 'A 304 or 206 is not an error of a tool'],
  ])('%s', (description, said) => {
    expect(toolDescription({ summary: 'S', description })).toBe(`S. ${said}`);
  });

  it('leaves no HTTP error status in any tool of the registry', () => {
    const withStatus = deriveTools(operations)
      .filter((tool) => /\b(?:answers|answered) 4\d\d\b/.test(tool.description))
      .map((tool) => tool.name);
    expect(withStatus).toEqual([]);
  });

  // A model picks a tool by its description: one that only repeats the title gives it nothing to go on.
  it('gives every tool a description that says more than its title', () => {
    const bare = deriveTools(operations)
      .filter((tool) => tool.description.length < tool.annotations.title.length + 40)
      .map((tool) => tool.name);
    expect(bare).toEqual([]);
  });
});

describe('inToolTerms', () => {
  it('names arguments where a REST error names the body, and drops details.in', () => {
    const err = new AppError('validation_error', 'start_date: Invalid ISO date; body: Unrecognized key: "x"', {
      in: 'body',
      issues: [
        { field: 'start_date', message: 'Invalid ISO date' },
        { field: 'body', message: 'Unrecognized key: "x"' },
      ],
    });
    expect(inToolTerms(err)).toEqual({
      error: {
        code: 'validation_error',
        message: 'start_date: Invalid ISO date; arguments: Unrecognized key: "x"',
        details: {
          issues: [
            { field: 'start_date', message: 'Invalid ISO date' },
            { field: 'arguments', message: 'Unrecognized key: "x"' },
          ],
        },
      },
    });
  });

  it('says a tool that takes no body takes no other arguments', () => {
    const err = new AppError('validation_error', 'body: this operation takes no body', { in: 'body', field: 'body' });
    expect(inToolTerms(err)).toEqual({
      error: {
        code: 'validation_error',
        message: 'arguments: this tool takes none but those its input schema lists',
        details: { field: 'arguments' },
      },
    });
  });

  it('keeps other errors as they are', () => {
    const err = new AppError('not_found', 'Leave request 42 not found');
    expect(inToolTerms(err)).toEqual({ error: { code: 'not_found', message: 'Leave request 42 not found' } });
  });
});
