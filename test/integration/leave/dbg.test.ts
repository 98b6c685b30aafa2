import { startApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';
import { cleanWeek } from '../../support/leave';
it('debug', async () => {
  const h = await startApiHarness();
  const week = await cleanWeek(h.db.prisma, 'alice', 100);
  const t = await tokenFor(h.db.prisma, 'alice', ['leave:write']);
  const res = await h.app.inject({ method: 'POST', url: '/api/v1/leave/requests', headers: bearer(t), payload: { start_date: week.monday } });
  console.log(week, res.statusCode, res.body);
  await h.close();
});
