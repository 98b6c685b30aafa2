import { agentRunSummary } from '../../../engines/agent/runSummary';
import { clip, dayText, daysText, momentText, webhookDeliveryWords } from '../../../engines/workflowSummaries';

/** The words of the workflows' summaries (docs/operations.md): days and instants as a person reads them. */
describe('workflow summaries in words', () => {
  it('writes a day, a span of days and an instant in the tenant’s zone', () => {
    expect(dayText('2027-12-06')).toBe('Mon 6 Dec 2027');
    expect(daysText(new Date('2027-12-06T00:00:00Z'), new Date('2027-12-10T00:00:00Z'))).toBe(
      'Mon 6 – Fri 10 Dec 2027',
    );
    expect(momentText(new Date('2027-12-06T08:05:00Z'), 'Europe/Berlin')).toBe('Mon 6 Dec 2027 09:05 (Europe/Berlin)');
    // After 23:00 UTC it is the next day in Berlin, and midnight reads 00:00.
    expect(momentText(new Date('2027-12-06T23:00:00Z'), 'Europe/Berlin')).toBe('Tue 7 Dec 2027 00:00 (Europe/Berlin)');
    expect(momentText(new Date('2027-12-06T08:05:00Z'), 'Not/AZone')).toBe('Mon 6 Dec 2027 08:05 (UTC)');
  });

  it('cuts a long text to one line of at most the given length', () => {
    expect(clip('  Book   leave\nnext week ', 40)).toBe('Book leave next week');
    expect(clip('abcdefghij', 6)).toBe('abcde…');
    expect(clip('Book annual leave for a family trip', 30)).toBe('Book annual leave for a…');
  });

  it('says an agent run with the person, the day and the thread’s title (never the message)', () => {
    expect(agentRunSummary({ userName: 'Bob Brown', threadTitle: 'My balance', startedOn: '2027-12-06' })).toBe(
      'Agent run for Bob Brown on Mon 6 Dec 2027, thread “My balance”',
    );
    expect(agentRunSummary({ userName: 'Bob Brown', threadTitle: '', startedOn: '2027-12-06' })).toBe(
      'Agent run for Bob Brown on Mon 6 Dec 2027',
    );
  });

  it('says a webhook delivery with its event, owner, the endpoint’s host only, and the event’s instant', () => {
    const words = webhookDeliveryWords({
      eventType: 'leave_request.approved',
      url: 'https://hooks.example.com/services/T000/B000/secret-token?x=1',
      owner: 'Alice Anders',
      createdAt: new Date('2027-12-06T08:05:00Z'),
      timeZone: 'UTC',
    });
    expect(words).toBe(
      'Webhook leave_request.approved of Alice Anders to hooks.example.com, event of Mon 6 Dec 2027 08:05 (UTC)',
    );
    expect(words).not.toContain('secret');
  });
});
