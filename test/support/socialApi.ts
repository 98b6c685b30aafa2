import { demoPeople } from '../../prisma/seed';
import type { ApiHarness } from './apiHarness';
import { bearer, tokenFor, type DemoKey } from './identity';

/** A post as the Social tests read it. */
export interface Post {
  id: string;
  kind: string;
  pinned: boolean;
  text: string;
  commentCount: number;
  reactions: Record<string, number>;
  myReactions: string[];
  editedAt: string | null;
}

/** The requests and reads the Social tests share, on one harness `h()` gives (built in a beforeAll). */
export function socialApi(h: () => ApiHarness) {
  const scopes = ['social:read', 'social:write'] as const;
  const as = async (who: DemoKey) => bearer(await tokenFor(h().db.prisma, who, [...scopes]));
  const send = async (who: DemoKey, method: string, url: string, payload?: object, headers: object = {}) =>
    h().app.inject({
      method: method as 'GET',
      url,
      headers: { ...(await as(who)), ...headers },
      ...(payload ? { payload } : {}),
    });
  const employee = (who: DemoKey) =>
    h().db.prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });
  const departmentOf = async (who: DemoKey) => (await employee(who)).departmentId!;
  const post = async (who: DemoKey, body: object): Promise<Post> => {
    const res = await send(who, 'POST', '/api/social/posts', body);
    expect([res.statusCode, res.body]).toEqual([201, expect.any(String)]);
    return res.json().data.post;
  };
  return {
    scopes,
    as,
    send,
    employee,
    departmentOf,
    userIdOf: async (who: DemoKey) => (await employee(who)).userId!,
    post,
    toDepartment: async (who: DemoKey, text = 'Hello, department') =>
      post(who, { audience: 'department', departmentId: await departmentOf(who), text }),
    /** What Social has written, to show that a refused request wrote nothing. */
    rows: async () => ({
      posts: await h().db.prisma.socialPost.count(),
      comments: await h().db.prisma.socialComment.count(),
      reactions: await h().db.prisma.socialReaction.count(),
      notifications: await h().db.prisma.notification.count(),
    }),
    /** A team of Organization: Alice and Carol (of another department) as members, Marcus as its lead. */
    guild: async (): Promise<string> => {
      const alice = await employee('alice');
      const team = await h().db.prisma.team.create({
        data: { tenantId: alice.tenantId, name: 'Social guild', leadEmployeeId: (await employee('manager')).id },
      });
      for (const who of ['alice', 'carol'] as const) {
        await h().db.prisma.teamMember.create({
          data: { teamId: team.id, employeeId: (await employee(who)).id, tenantId: alice.tenantId },
        });
      }
      return team.id;
    },
  };
}
