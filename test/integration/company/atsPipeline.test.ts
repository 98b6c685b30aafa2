import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { atsApplicationOf, atsOpeningOf, employeeIdOf } from '../../support/ats';
import { testClock } from '../../support/clock';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';

/**
 * ATS (company-api.md, Recruiting) through the HTTP API: job openings and the internal job board, candidates and
 * their applications, the pipeline's moves, who sees candidates, interviews and feedback, and bad input. Offers,
 * their approval and the hire: atsOffers.test.ts. The move table itself: test/unit/engines/ats/pipeline.test.ts.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const tokens = new Map<DemoKey, string>();
const send = async (who: DemoKey, method: string, url: string, payload?: object) => {
  const token = tokens.get(who) ?? (await tokenFor(h.db.prisma, who));
  tokens.set(who, token);
  return h.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });
};
const rows = async () => ({
  openings: await h.db.prisma.jobOpening.count(),
  candidates: await h.db.prisma.candidate.count(),
  applications: await h.db.prisma.application.count(),
  history: await h.db.prisma.applicationStageChange.count(),
  interviews: await h.db.prisma.interview.count(),
  feedback: await h.db.prisma.interviewFeedback.count(),
  offers: await h.db.prisma.offer.count(),
});
const inFuture = (hours: number) => new Date(testClock().now().getTime() + hours * 3_600_000).toISOString();

describe('job openings and the internal job board', () => {
  it('lets HR open a draft that only the recruiting team reads until it is published; moves its status', async () => {
    const marcus = await employeeIdOf(h.db.prisma, 'manager');
    const oscar = await employeeIdOf(h.db.prisma, 'operationsManager');
    const res = await send('hr', 'POST', '/api/ats/openings', {
      title: 'Staff Engineer',
      description: 'Platform team',
      hiringManagerId: marcus,
      recruiterIds: [oscar],
      openings: 2,
    });
    expect(res.statusCode).toBe(201);
    const opening = res.json().data.opening;
    expect(opening).toMatchObject({
      status: 'DRAFT',
      hiringManager: { employeeId: marcus, name: 'Marcus Miller' },
      recruiterIds: [oscar],
      openings: 2,
      hired: 0,
      employmentType: 'full_time',
    });
    const url = `/api/ats/openings/${opening.id}`;
    for (const who of ['alice', 'director'] as const) expect((await send(who, 'GET', url)).statusCode).toBe(404);
    for (const who of ['manager', 'operationsManager'] as const) {
      expect((await send(who, 'GET', url)).statusCode).toBe(200);
    }
    expect(
      (await send('manager', 'POST', '/api/ats/openings', { title: 'x', hiringManagerId: marcus })).statusCode,
    ).toBe(403);

    const published = await send('manager', 'POST', `${url}/status`, { status: 'OPEN' });
    expect(published.json().data.opening).toMatchObject({ status: 'OPEN', openedAt: expect.any(String) });
    const board = (await send('alice', 'GET', '/api/ats/openings')).json().data.openings;
    expect(board.map((o: { id: string }) => o.id)).toContain(opening.id);
    expect((await send('alice', 'PATCH', url, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await send('manager', 'PATCH', url, { hiringManagerId: oscar })).statusCode).toBe(403);
    const retitled = await send('manager', 'PATCH', url, { title: 'Staff Platform Engineer', openings: 1 });
    expect(retitled.json().data.opening).toMatchObject({ title: 'Staff Platform Engineer', openings: 1 });

    const back = await send('hr', 'POST', `${url}/status`, { status: 'DRAFT' });
    expect([back.statusCode, back.json().reason]).toEqual([
      409,
      'The opening is OPEN: it moves to ON_HOLD or CLOSED only',
    ]);
    for (const status of ['ON_HOLD', 'OPEN', 'CLOSED']) {
      expect((await send('hr', 'POST', `${url}/status`, { status })).json().data.opening.status).toBe(status);
    }
    const closed = await send('hr', 'PATCH', url, { title: 'Too late' });
    expect([closed.statusCode, closed.json().reason]).toEqual([
      409,
      'The opening is CLOSED: it does not change any more',
    ]);
    expect((await send('alice', 'GET', url)).statusCode).toBe(404);
  });
});

describe('candidates and the pipeline', () => {
  it('adds a candidate once per opening, reuses them for another opening, and only to an OPEN opening', async () => {
    const openingId = await atsOpeningOf(h.db.prisma);
    const candidate = { name: 'Riley Quinn', email: 'Riley.Quinn@example.test', source: 'referral' };
    const res = await send('operationsManager', 'POST', `/api/ats/openings/${openingId}/applications`, {
      candidate,
      note: 'Referred by Bob',
    });
    expect(res.statusCode).toBe(201);
    const application = res.json().data.application;
    expect(application).toMatchObject({
      stage: 'applied',
      candidate: { name: 'Riley Quinn', email: 'riley.quinn@example.test', source: 'referral' },
      history: [{ fromStage: null, toStage: 'applied', note: 'Referred by Bob' }],
      interviews: [],
      offers: [],
    });
    // The hiring manager hears of the new candidate; the recruiter who added them does not need to.
    const marcus = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'manager@acme.test' } });
    expect(
      await h.db.prisma.notification.count({ where: { userId: marcus.id, kind: 'ats.application_received' } }),
    ).toBe(1);

    const draft = await atsOpeningOf(h.db.prisma, { status: 'DRAFT' });
    const before = await rows();
    const twice = await send('hr', 'POST', `/api/ats/openings/${openingId}/applications`, {
      candidate: { ...candidate, email: 'riley.quinn@EXAMPLE.test' },
    });
    expect([twice.statusCode, twice.json().reason]).toEqual([
      409,
      `riley.quinn@example.test already applied to this opening: application ${application.id}, at stage applied`,
    ]);
    const toDraft = await send('hr', 'POST', `/api/ats/openings/${draft}/applications`, { candidate });
    expect([toDraft.statusCode, toDraft.json().reason]).toEqual([
      409,
      'The opening is DRAFT: only an OPEN opening takes applications',
    ]);
    expect(await rows()).toEqual(before);

    const other = await atsOpeningOf(h.db.prisma);
    const again = (await send('hr', 'POST', `/api/ats/openings/${other}/applications`, { candidate })).json().data;
    expect(again.application.candidate.id).toBe(application.candidate.id);
  });

  it('moves forward (skipping allowed), never back, never to hired; rejects with a reason; HR reopens', async () => {
    const id = await atsApplicationOf(h.db.prisma, 'applied');
    const url = `/api/ats/applications/${id}`;
    const skipped = await send('manager', 'POST', `${url}/stage`, { stage: 'interview', note: 'Strong referral' });
    expect(skipped.json().data.application).toMatchObject({ stage: 'interview' });
    const back = await send('manager', 'POST', `${url}/stage`, { stage: 'screening' });
    expect([back.statusCode, back.json().reason]).toEqual([
      409,
      'The application is at stage interview: the pipeline moves forward only (applied → screening → interview → offer)',
    ]);
    const hired = await send('hr', 'POST', `${url}/stage`, { stage: 'hired' });
    expect(hired.statusCode).toBe(400);
    expect(hired.json().reason).toContain('stage');
    const noNote = await send('hr', 'POST', `${url}/reject`, { reason: 'other' });
    expect([noNote.statusCode, noNote.json().reason]).toEqual([400, 'note: a rejection for reason other needs a note']);
    const badReason = await send('hr', 'POST', `${url}/reject`, { reason: 'too_tall' });
    expect([badReason.statusCode, badReason.json().reason.startsWith('reason:')]).toEqual([400, true]);

    const rejected = await send('manager', 'POST', `${url}/reject`, { reason: 'salary_expectations', note: 'Asks 2x' });
    expect(rejected.json().data.application).toMatchObject({
      stage: 'rejected',
      rejectionReason: 'salary_expectations',
      rejectionNote: 'Asks 2x',
    });
    const moveOut = await send('manager', 'POST', `${url}/stage`, { stage: 'offer' });
    expect([moveOut.statusCode, moveOut.json().reason]).toEqual([
      409,
      'The application is at stage rejected: only HR reopens a rejected application',
    ]);
    expect((await send('manager', 'POST', `${url}/reopen`)).statusCode).toBe(403);
    const reopened = (await send('hr', 'POST', `${url}/reopen`, { note: 'They came down' })).json().data.application;
    expect(reopened).toMatchObject({ stage: 'interview', rejectionReason: null });
    expect(reopened.history.map((c: { toStage: string }) => c.toStage)).toEqual([
      'applied',
      'interview',
      'rejected',
      'interview',
    ]);
    const withdrawn = await send('operationsManager', 'POST', `${url}/withdraw`, { note: 'Took another job' });
    expect(withdrawn.json().data.application.stage).toBe('withdrawn');
    const reopenWithdrawn = await send('hr', 'POST', `${url}/reopen`);
    expect([reopenWithdrawn.statusCode, reopenWithdrawn.json().reason]).toEqual([
      409,
      'The application is at stage withdrawn: nothing moves out of it',
    ]);
  });

  it('filters an opening’s applications by stage, a page at a time', async () => {
    const openingId = await atsOpeningOf(h.db.prisma);
    for (const stage of ['applied', 'screening', 'screening', 'interview']) {
      await atsApplicationOf(h.db.prisma, stage, { openingId });
    }
    const screening = (
      await send('manager', 'GET', `/api/ats/applications?openingId=${openingId}&stage=screening`)
    ).json().data;
    expect(screening.applications.map((a: { stage: string }) => a.stage)).toEqual(['screening', 'screening']);
    const first = (await send('manager', 'GET', `/api/ats/applications?openingId=${openingId}&limit=3`)).json().data;
    expect(first.applications).toHaveLength(3);
    const rest = (
      await send('manager', 'GET', `/api/ats/applications?openingId=${openingId}&limit=3&cursor=${first.nextCursor}`)
    ).json().data;
    expect([rest.applications.length, rest.nextCursor]).toEqual([1, null]);
    expect((await send('manager', 'GET', '/api/ats/applications?limit=201')).statusCode).toBe(400);
  });
});

describe('who sees candidates', () => {
  it('hides them from everyone outside the recruiting team, a director too; an interviewer sees their own', async () => {
    const openingId = await atsOpeningOf(h.db.prisma);
    const interviewed = await atsApplicationOf(h.db.prisma, 'interview', { openingId });
    const other = await atsApplicationOf(h.db.prisma, 'interview', { openingId });
    const bob = await employeeIdOf(h.db.prisma, 'bob');
    const scheduled = await send('manager', 'POST', `/api/ats/applications/${interviewed}/interviews`, {
      kind: 'technical',
      scheduledAt: inFuture(48),
      durationMinutes: 60,
      interviewerIds: [bob],
      location: 'Room 4',
    });
    expect(scheduled.statusCode).toBe(201);
    const interview = scheduled.json().data.interview;
    const bobUser = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'bob@acme.test' } });
    expect(
      await h.db.prisma.notification.count({ where: { userId: bobUser.id, kind: 'ats.interview_scheduled' } }),
    ).toBe(1);

    for (const who of ['alice', 'director', 'salesManager'] as const) {
      expect({ who, status: (await send(who, 'GET', `/api/ats/applications/${interviewed}`)).statusCode }).toEqual({
        who,
        status: 404,
      });
      const listed = (await send(who, 'GET', `/api/ats/applications?openingId=${openingId}`)).json().data;
      expect({ who, listed: listed.applications }).toEqual({ who, listed: [] });
    }
    for (const who of ['manager', 'operationsManager', 'hr'] as const) {
      const seen = (await send(who, 'GET', `/api/ats/applications/${interviewed}`)).json().data.application;
      expect({ who, offers: seen.offers }).toEqual({ who, offers: [] });
    }
    // Bob interviews one candidate: he reads that application, without offers, and nobody else's.
    const asBob = (await send('bob', 'GET', `/api/ats/applications/${interviewed}`)).json().data.application;
    expect(asBob.interviews.map((i: { id: string }) => i.id)).toEqual([interview.id]);
    expect(asBob.offers).toBeUndefined();
    expect((await send('bob', 'GET', `/api/ats/applications/${other}`)).statusCode).toBe(404);
    const bobsList = (await send('bob', 'GET', '/api/ats/applications')).json().data.applications;
    expect(bobsList.map((a: { id: string }) => a.id)).toEqual([interviewed]);
    const bobsInterviews = (await send('bob', 'GET', '/api/ats/interviews?mine=true')).json().data.interviews;
    expect(bobsInterviews.map((i: { id: string }) => i.id)).toEqual([interview.id]);
    for (const who of ['alice', 'director'] as const) {
      expect((await send(who, 'GET', '/api/ats/interviews')).json().data.interviews).toEqual([]);
    }
    const teamList = (await send('manager', 'GET', `/api/ats/interviews?applicationId=${interviewed}`)).json().data;
    expect(teamList.interviews.map((i: { id: string }) => i.id)).toEqual([interview.id]);
    expect(
      (await send('bob', 'POST', `/api/ats/applications/${interviewed}/stage`, { stage: 'offer' })).statusCode,
    ).toBe(403);
  });
});

describe('interviews and feedback', () => {
  it('takes each interviewer’s feedback once, from interviewers only, never on a cancelled interview', async () => {
    const applicationId = await atsApplicationOf(h.db.prisma, 'interview');
    const [bob, alice] = [await employeeIdOf(h.db.prisma, 'bob'), await employeeIdOf(h.db.prisma, 'alice')];
    const schedule = (interviewerIds: string[]) =>
      send('hr', 'POST', `/api/ats/applications/${applicationId}/interviews`, {
        kind: 'onsite',
        scheduledAt: inFuture(24),
        durationMinutes: 90,
        interviewerIds,
      });
    const interview = (await schedule([bob, alice])).json().data.interview;
    const url = `/api/ats/interviews/${interview.id}`;
    const given = await send('bob', 'POST', `${url}/feedback`, { recommendation: 'strong_yes', notes: 'Great design' });
    expect(given.statusCode).toBe(201);
    expect(given.json().data.interview.feedback).toEqual([
      expect.objectContaining({ interviewerId: bob, recommendation: 'strong_yes', notes: 'Great design' }),
    ]);
    const twice = await send('bob', 'POST', `${url}/feedback`, { recommendation: 'no' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toMatch(/^You gave your feedback on this interview at /);
    expect((await send('manager', 'POST', `${url}/feedback`, { recommendation: 'yes' })).statusCode).toBe(403);
    expect((await send('carol', 'POST', `${url}/feedback`, { recommendation: 'yes' })).statusCode).toBe(404);
    // Alice reads her own feedback only; the team reads everyone's.
    await send('alice', 'POST', `${url}/feedback`, { recommendation: 'no' });
    const asAlice = (await send('alice', 'GET', `/api/ats/applications/${applicationId}`)).json().data.application;
    expect(asAlice.interviews[0].feedback.map((f: { interviewerId: string }) => f.interviewerId)).toEqual([alice]);
    const asHr = (await send('hr', 'GET', `/api/ats/applications/${applicationId}`)).json().data.application;
    expect(asHr.interviews[0].feedback).toHaveLength(2);
    expect((await send('hr', 'POST', `${url}/complete`)).json().data.interview.status).toBe('COMPLETED');
    const completeTwice = await send('hr', 'POST', `${url}/cancel`);
    expect([completeTwice.statusCode, completeTwice.json().reason]).toEqual([
      409,
      'The interview is COMPLETED: only a SCHEDULED one is cancelled or completed',
    ]);

    const second = (await schedule([bob])).json().data.interview;
    expect((await send('manager', 'POST', `/api/ats/interviews/${second.id}/cancel`)).statusCode).toBe(200);
    const onCancelled = await send('bob', 'POST', `/api/ats/interviews/${second.id}/feedback`, {
      recommendation: 'yes',
    });
    expect([onCancelled.statusCode, onCancelled.json().reason]).toEqual([
      409,
      'The interview is CANCELLED: it takes no feedback',
    ]);
  });
});

describe('an application that ends', () => {
  it('calls off its scheduled interviews and tells their interviewers; a held one stays', async () => {
    const applicationId = await atsApplicationOf(h.db.prisma, 'interview');
    const carol = await employeeIdOf(h.db.prisma, 'carol');
    const schedule = async () =>
      (
        await send('hr', 'POST', `/api/ats/applications/${applicationId}/interviews`, {
          kind: 'culture',
          scheduledAt: inFuture(72),
          durationMinutes: 30,
          interviewerIds: [carol],
        })
      ).json().data.interview.id as string;
    const held = await schedule();
    await send('hr', 'POST', `/api/ats/interviews/${held}/complete`);
    const upcoming = await schedule();
    await send('manager', 'POST', `/api/ats/applications/${applicationId}/withdraw`, { note: 'Accepted elsewhere' });
    const statuses = await h.db.prisma.interview.findMany({ where: { applicationId }, orderBy: { id: 'asc' } });
    expect(statuses.map((i) => [i.id, i.status])).toEqual([
      [held, 'COMPLETED'],
      [upcoming, 'CANCELLED'],
    ]);
    const carolUser = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'carol@acme.test' } });
    const told = await h.db.prisma.notification.findMany({
      where: { userId: carolUser.id, kind: 'ats.interview_cancelled' },
    });
    expect(told.map((n) => n.data)).toEqual([{ interviewId: upcoming, applicationId }]);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field and writes nothing', async () => {
    const marcus = await employeeIdOf(h.db.prisma, 'manager');
    const globexDan = (await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'dan@globex.test' } })).id;
    const openingId = await atsOpeningOf(h.db.prisma);
    const interviewing = await atsApplicationOf(h.db.prisma, 'interview');
    const offering = await atsApplicationOf(h.db.prisma, 'offer');
    const today = await todayOf(h.db.prisma, 'hr');
    const cases: Array<[string, string, object, string]> = [
      ['/api/ats/openings', 'title', { hiringManagerId: marcus }, 'title'],
      ['/api/ats/openings', 'title', { title: 'x'.repeat(201), hiringManagerId: marcus }, 'title'],
      ['/api/ats/openings', 'title', { title: 'Nul\u0000', hiringManagerId: marcus }, 'title'],
      ['/api/ats/openings', 'openings', { title: 'T', hiringManagerId: marcus, openings: 0 }, 'openings'],
      ['/api/ats/openings', 'hiringManagerId', { title: 'T', hiringManagerId: globexDan }, 'hiringManagerId'],
      [
        '/api/ats/openings',
        'recruiterIds',
        { title: 'T', hiringManagerId: marcus, recruiterIds: [marcus, marcus] },
        'recruiterIds',
      ],
      ['/api/ats/openings', 'status', { title: 'T', hiringManagerId: marcus, status: 'CLOSED' }, 'status'],
      [
        `/api/ats/openings/${openingId}/applications`,
        'email',
        { candidate: { name: 'N', email: 'not-mail' } },
        'candidate.email',
      ],
      [
        `/api/ats/openings/${openingId}/applications`,
        'name',
        { candidate: { name: ' ', email: 'a@example.test' } },
        'candidate.name',
      ],
      [
        `/api/ats/applications/${interviewing}/interviews`,
        'durationMinutes',
        { kind: 'technical', scheduledAt: inFuture(1), durationMinutes: 1000, interviewerIds: [marcus] },
        'durationMinutes',
      ],
      [
        `/api/ats/applications/${interviewing}/interviews`,
        'scheduledAt',
        { kind: 'technical', scheduledAt: inFuture(24 * 400), durationMinutes: 30, interviewerIds: [marcus] },
        'scheduledAt',
      ],
      [
        `/api/ats/applications/${interviewing}/interviews`,
        'interviewerIds',
        { kind: 'technical', scheduledAt: inFuture(1), durationMinutes: 30, interviewerIds: [globexDan] },
        'interviewerIds.0',
      ],
      [
        `/api/ats/applications/${offering}/offers`,
        'annualMinor',
        { startDate: addDays(today, 10), annualMinor: 70000.5, currency: 'EUR' },
        'annualMinor',
      ],
      [
        `/api/ats/applications/${offering}/offers`,
        'currency',
        { startDate: addDays(today, 10), annualMinor: 7_000_000, currency: 'euro' },
        'currency',
      ],
      [
        `/api/ats/applications/${offering}/offers`,
        'startDate',
        { startDate: addDays(today, -1), annualMinor: 7_000_000, currency: 'EUR' },
        'startDate',
      ],
      [
        `/api/ats/applications/${offering}/offers`,
        'managerId',
        { startDate: addDays(today, 10), annualMinor: 7_000_000, currency: 'EUR', managerId: globexDan },
        'managerId',
      ],
    ];
    const before = await rows();
    for (const [url, label, payload, field] of cases) {
      const res = await send('hr', 'POST', url, payload);
      expect({ label, status: res.statusCode, error: res.json().error }).toEqual({
        label,
        status: 400,
        error: 'bad_request',
      });
      expect({ label, reason: res.json().reason.startsWith(`${field}:`) }).toEqual({ label, reason: true });
    }
    expect(await rows()).toEqual(before);
  });
});
