import { demoPeople } from '../../prisma/seed';
import type { ApiHarness } from './apiHarness';
import { bearer, tokenFor, type DemoKey } from './identity';

/** The Messages area through the HTTP API of a harness, as demo people with both scopes (for its tests). */
export function messagesApi(h: () => ApiHarness) {
  const base = '/api/messages/conversations';
  const as = async (who: DemoKey) => bearer(await tokenFor(h().db.prisma, who, ['messages:read', 'messages:write']));
  const send = async (who: DemoKey, method: string, url: string, payload?: object, headers: object = {}) =>
    h().app.inject({
      method: method as 'GET',
      url,
      headers: { ...(await as(who)), ...headers },
      ...(payload ? { payload } : {}),
    });
  const idOf = async (who: DemoKey) =>
    (await h().db.prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } })).id;
  const rows = async () => ({
    conversations: await h().db.prisma.messageConversation.count(),
    participants: await h().db.prisma.messageParticipant.count(),
    messages: await h().db.prisma.message.count(),
  });
  /** A group `who` starts with `others`; answers its id. */
  const group = async (who: DemoKey, others: DemoKey[], title = 'Team chat'): Promise<string> => {
    const res = await send(who, 'POST', base, {
      kind: 'group',
      title,
      participantIds: await Promise.all(others.map(idOf)),
    });
    if (res.statusCode !== 201) throw new Error(`group: ${res.statusCode} ${res.body}`);
    return res.json().data.conversation.id;
  };
  const post = async (who: DemoKey, conversationId: string, text: string) =>
    send(who, 'POST', `${base}/${conversationId}/messages`, { text });
  return { base, as, send, idOf, rows, group, post };
}
