/**
 * "Send the new laptop policy to everyone for signature": the document found by its title, the signers by name (or
 * everyone the user sees but themself), then one create_signature_request per signer, each waiting for approval.
 * One request per person because a request's signers sign in order: "everyone" in one request would make each wait
 * for the one before. The document is found among those of the signature requests the user has made
 * (list_signature_requests: the API has no list of documents), or by the id given in answer to "which document?";
 * a title that matches none, or several, is asked about with the titles to choose from, never guessed. HR requests
 * signatures (the operation refuses anyone else), so the model says so at once to others.
 */

import { formatDayWithYear, addDays } from './calendar';
import { isHrUser } from './hrRoles';
import type { ListedPerson } from './peopleLookup';
import { peopleNamed, quotedList, titleMatches } from './namedThings';
import { MAX_PAGES, pagedRead } from './pagedReads';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  ask,
  callTools,
  dataOf,
  errorOf,
  reply,
  resultsOf,
  wasDeclined,
} from './planTypes';
import { failedRead } from './summariseLists';
import type { WorkplaceRequest } from './workplaceIntents';

interface Document {
  id: string;
  title: string;
}

/** Days a request stays open: two weeks, the reminder workflow nudging every 2 days meanwhile. */
export const SIGNING_DAYS = 14;

function summariseSent(results: TurnResult[], ctx: PlanContext): string {
  const sent = results.filter((r) => r.ok);
  const declined = results.filter(wasDeclined);
  const failed = results.filter((r) => !r.ok && !wasDeclined(r));
  if (sent.length === 0 && failed.length === 0) return 'Nothing was done: no signature request was sent.';
  const first = sent[0]
    ? dataOf<{ request: { document: Document | null; title: string } }>(sent[0]).request
    : undefined;
  const what = first?.document ? `“${first.document.title}”` : 'the document';
  const parts: string[] = [];
  if (sent.length > 0) {
    const who = sent.length === 1 ? '1 person' : `${sent.length} people`;
    parts.push(
      `I've sent ${what} for signature to ${who}, one request each, open until ${formatDayWithYear(addDays(ctx.today, SIGNING_DAYS))}.`,
    );
  }
  if (failed.length > 0) parts.push(`${failed.length} could not be sent: ${errorOf(failed[0]!).message}`);
  if (declined.length > 0) parts.push(`${declined.length} you declined were not sent.`);
  return parts.join(' ');
}

/** The document the request means: read, found, or the question to ask. */
function findDocument(
  w: WorkplaceRequest,
  results: TurnResult[],
  ctx: PlanContext,
): { plan: Plan } | { doc: Document } {
  if (w.documentId) {
    const read = resultsOf(results, 'get_signature_document')[0];
    if (!read) return { plan: callTools(ctx, [{ tool: 'get_signature_document', arguments: { id: w.documentId } }]) };
    if (!read.ok) return { plan: reply(failedRead('read that document', read)) };
    return { doc: dataOf<{ document: Document }>(read).document };
  }
  const title = w.title ?? '';
  const matches = (requests: { document: Document | null }[]) =>
    titleMatches(
      requests.flatMap((r) => (r.document ? [r.document] : [])),
      title,
      (d) => d.title,
    ).length > 0;
  const read = pagedRead<{ document: Document | null }>(
    results,
    ctx,
    'list_signature_requests',
    { limit: 200 },
    'requests',
    matches,
  );
  if (read.kind === 'call') return { plan: read.plan };
  if (read.kind === 'failed') return { plan: reply(failedRead('read your signature requests', read.result)) };
  const documents = [...new Map(read.items.flatMap((r) => (r.document ? [[r.document.id, r.document]] : []))).values()];
  const found = titleMatches(documents, title, (d) => d.title);
  const unique = [...new Map(found.map((d) => [d.title.toLowerCase(), d])).values()];
  if (found.length === 1 || (unique.length === 1 && found.length > 0)) return { doc: found[0]! };
  const choices = (found.length > 1 ? found : documents).slice(0, 10).map((d) => d.title);
  const lead =
    found.length > 1
      ? `Several documents match “${title}”: ${quotedList(choices)}.`
      : title
        ? `I found no document titled “${title}” among those you have sent for signature.`
        : 'Which document should I send?';
  const how = 'Give its title, or its id if it is new (upload it in E-Signatures first).';
  return {
    plan: ask(
      'document',
      `${lead} ${found.length > 1 || title ? 'Which document should I send? ' : ''}${how}`,
      choices.length ? choices : undefined,
    ),
  };
}

/** The people to sign: everyone the user sees but themself, or the people named. */
function findSigners(
  w: WorkplaceRequest,
  results: TurnResult[],
  ctx: PlanContext,
): { plan: Plan } | { people: ListedPerson[] } {
  const signers = w.signers!;
  const named = 'names' in signers ? signers.names : [];
  const read = pagedRead<ListedPerson>(
    results,
    ctx,
    'list_people',
    { limit: 200 },
    'people',
    (people) => named.length > 0 && named.every((n) => peopleNamed(people, n).length > 0),
  );
  if (read.kind === 'call') return { plan: read.plan };
  if (read.kind === 'failed') return { plan: reply(failedRead('look up the people', read.result)) };
  const current = read.items.filter((p) => p.status !== 'terminated');
  if ('everyone' in signers) {
    if (!read.complete)
      return { plan: reply(`That is more than ${MAX_PAGES * 200} people: too many to send in one go.`) };
    return { people: current.filter((p) => p.name !== ctx.user.name) };
  }
  const people: ListedPerson[] = [];
  for (const name of named) {
    const found = peopleNamed(current, name);
    if (found.length === 0) return { plan: reply(`I found no one called ${name} among the people you can see.`) };
    if (found.length > 1) {
      return {
        plan: ask(
          'signers',
          `Which ${name} do you mean?`,
          found.slice(0, 10).map((p) => p.name),
        ),
      };
    }
    if (!people.some((p) => p.id === found[0]!.id)) people.push(found[0]!);
  }
  return { people };
}

/** Plans "send <document> to <people> for signature". */
export function planSignatures(w: WorkplaceRequest, results: TurnResult[], ctx: PlanContext): Plan {
  const sent = resultsOf(results, 'create_signature_request');
  if (sent.length > 0) return reply(summariseSent(sent, ctx));
  if (!isHrUser(ctx)) {
    return reply('Sorry, only HR (HR managers, admins and owners) send documents for signature.');
  }
  if (!w.signers)
    return ask('signers', `Who should sign${w.title ? ` “${w.title}”` : ' it'}? Name them, or say everyone.`);
  const document = findDocument(w, results, ctx);
  if ('plan' in document) return document.plan;
  const signers = findSigners(w, results, ctx);
  if ('plan' in signers) return signers.plan;
  const { doc } = document;
  if (signers.people.length === 0) return reply('There is no one else you can see to send it to.');
  const calls = signers.people.map((p) => ({
    tool: 'create_signature_request',
    arguments: {
      documentId: doc.id,
      title: `Please sign: ${doc.title}`,
      signerEmployeeIds: [p.id],
      expiresInDays: SIGNING_DAYS,
    },
  }));
  const who = signers.people.length === 1 ? signers.people[0]!.name : `${signers.people.length} people`;
  return callTools(
    ctx,
    calls,
    `I'll send “${doc.title}” for signature to ${who}, one request each, open for ${SIGNING_DAYS} days.`,
  );
}
