import { Prisma } from '../../../db/models';
import { AppError } from '../../../engines/appError';
import { appErrorOfDatabase, asAppError } from '../../../engines/databaseErrors';

const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError(`prisma ${code}`, { code, clientVersion: 'test', meta });

describe('database errors every surface answers alike', () => {
  it('a unique conflict is 409 conflict naming the fields (the tenant left out)', () => {
    const err = appErrorOfDatabase(known('P2002', { target: ['tenant_id', 'name'] }));
    expect(err).toMatchObject({ code: 'conflict', status: 409, message: 'name: one with this value already exists' });
  });

  it('a unique conflict as the driver adapter reports it', () => {
    const meta = { driverAdapterError: { cause: { constraint: { fields: ['email'] } } } };
    expect(appErrorOfDatabase(known('P2002', meta))?.message).toBe('email: one with this value already exists');
    expect(appErrorOfDatabase(known('P2002'))).toMatchObject({ code: 'conflict' });
  });

  it.each(['P2028', 'P2024', 'P1017', 'P2034'])(
    '%s (no transaction or connection in time) is 503 with a retry hint',
    (code) => {
      expect(appErrorOfDatabase(known(code))).toMatchObject({
        code: 'unavailable',
        status: 503,
        details: { retryAfterSeconds: 1 },
      });
    },
  );

  it("the pg pool's own wait is 503 too", () => {
    expect(appErrorOfDatabase(new Error('timeout exceeded when trying to connect'))?.code).toBe('unavailable');
  });

  it('any other database error stays unknown (an internal error, logged, its text not shown)', () => {
    expect(appErrorOfDatabase(known('P2010'))).toBeUndefined();
    expect(appErrorOfDatabase(new Error('relation "x" does not exist'))).toBeUndefined();
  });

  it('an AppError is itself', () => {
    const err = new AppError('forbidden', 'no');
    expect(asAppError(err)).toBe(err);
  });
});
