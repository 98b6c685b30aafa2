/**
 * Reading a list tool page by page within one turn: the first call, then the next page while the thing looked for
 * is not on the pages read and the tool says there are more (`nextCursor`), up to a bound, so a large workspace is
 * searched further than one page and no answer keeps a run reading for ever.
 */

import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, resultsOf } from './planTypes';

/** The pages read so far, or the call that reads the next one. */
export type PagedRead<T> =
  | { kind: 'call'; plan: Plan }
  | { kind: 'failed'; result: TurnResult }
  | { kind: 'items'; items: T[]; complete: boolean };

export const MAX_PAGES = 5;

/**
 * The items of `tool`'s pages read in this turn (`key` names the list in the answer); the next page's call when
 * `wanted` finds nothing on them and there is more to read.
 */
export function pagedRead<T>(
  results: TurnResult[],
  ctx: PlanContext,
  tool: string,
  args: Record<string, unknown>,
  key: string,
  wanted: (items: T[]) => boolean,
): PagedRead<T> {
  const pages = resultsOf(results, tool);
  if (pages.length === 0) return { kind: 'call', plan: callTools(ctx, [{ tool, arguments: args }]) };
  const failed = pages.find((p) => !p.ok);
  if (failed) return { kind: 'failed', result: failed };
  const items = pages.flatMap((p) => (dataOf<Record<string, unknown>>(p)[key] as T[] | undefined) ?? []);
  const cursor = dataOf<{ nextCursor?: string | null }>(pages.at(-1)!).nextCursor ?? null;
  if (wanted(items) || cursor === null) return { kind: 'items', items, complete: cursor === null };
  if (pages.length >= MAX_PAGES) return { kind: 'items', items, complete: false };
  return { kind: 'call', plan: callTools(ctx, [{ tool, arguments: { ...args, cursor } }]) };
}
