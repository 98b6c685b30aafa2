/**
 * One page of a list ordered by id (uuid v7, so by creation): the engines read `limit + 1` rows after the cursor
 * and this cuts the extra one off, answering the cursor of the next page when there is one.
 */
export function pageOf<T extends { id: string }>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
}

/** The Prisma arguments of such a page. */
export function pageArgs(page: { limit: number; after?: string | undefined }) {
  return {
    orderBy: { id: 'asc' as const },
    take: page.limit + 1,
    ...(page.after === undefined ? {} : { cursor: { id: page.after }, skip: 1 }),
  };
}
