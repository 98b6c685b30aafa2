import type { Db } from '../../db/handle';
import type { ExpenseCategory, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { moneyOf, type Money } from '../../lib/money/money';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import { pageArgs, pageOf } from '../organization/page';
import { emitExpenseCategoryWebhookEvent } from '../webhooks/emitters';
import type { CategoryRules, LimitAction } from './expenseLineRules';

/**
 * Expense categories (company API, Expenses): the kinds of expense a workspace reimburses, each with its limit per
 * line (refused or flagged above it), the amount above which a line needs a receipt, and for mileage the rate per
 * kilometre. HR keeps them; everyone reads them. A category is never deleted (lines name it): it is deactivated.
 */

export interface ExpenseCategoryView {
  id: string;
  name: string;
  currency: string;
  limit: Money | null;
  limitAction: LimitAction;
  receiptRequiredAbove: Money | null;
  mileageRate: Money | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export function categoryViewOf(row: ExpenseCategory): ExpenseCategoryView {
  const money = (amount: bigint | null) => (amount === null ? null : moneyOf(amount, row.currency));
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    limit: money(row.limitMinor),
    limitAction: row.limitAction as LimitAction,
    receiptRequiredAbove: money(row.receiptRequiredAboveMinor),
    mileageRate: money(row.mileageRateMinor),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A category as the line rules read it. */
export function rulesOf(row: ExpenseCategory): CategoryRules {
  return {
    name: row.name,
    currency: row.currency,
    limitMinor: row.limitMinor,
    limitAction: row.limitAction as LimitAction,
    receiptRequiredAboveMinor: row.receiptRequiredAboveMinor,
    mileageRateMinor: row.mileageRateMinor,
  };
}

/** The workspace's categories in the order they were made, a page at a time; inactive ones only when asked. */
export async function listExpenseCategories(
  prisma: PrismaClient,
  actor: Actor,
  query: { includeInactive: boolean; limit: number; after?: string | undefined },
): Promise<{ categories: ExpenseCategoryView[]; nextCursor: string | null }> {
  const rows = await prisma.expenseCategory.findMany({
    where: { tenantId: actor.tenant.id, ...(query.includeInactive ? {} : { active: true }) },
    ...pageArgs(query),
  });
  const { items, nextCursor } = pageOf(rows, query.limit);
  return { categories: items.map(categoryViewOf), nextCursor };
}

export interface CategoryFields {
  name: string;
  currency: string;
  limitMinor: number | null;
  limitAction: LimitAction;
  receiptRequiredAboveMinor: number | null;
  mileageRateMinor: number | null;
  active: boolean;
}

const big = (n: number | null | undefined) => (n === null || n === undefined ? n : BigInt(n));

async function requireFreeName(db: Db, tenantId: string, name: string, except?: string): Promise<void> {
  const taken = await db.expenseCategory.findFirst({
    where: { tenantId, name: { equals: name, mode: 'insensitive' }, ...(except ? { id: { not: except } } : {}) },
    select: { id: true, name: true },
  });
  if (taken) throw new AppError('conflict', `name: the category ${taken.name} (${taken.id}) already has this name`);
}

/** Makes a category (HR). 409 when another has the same name, whatever its case (lines name categories by name). */
export async function createExpenseCategory(
  prisma: PrismaClient,
  actor: Actor,
  input: CategoryFields,
): Promise<ExpenseCategoryView> {
  requireHrRole(actor, 'make expense categories');
  const tenantId = actor.tenant.id;
  const row = await prisma.$transaction(async (tx) => {
    await lockCategoryNames(tx, tenantId);
    await requireFreeName(tx, tenantId, input.name);
    const created = await tx.expenseCategory.create({
      data: {
        tenantId,
        name: input.name,
        currency: input.currency,
        limitMinor: big(input.limitMinor),
        limitAction: input.limitAction,
        receiptRequiredAboveMinor: big(input.receiptRequiredAboveMinor),
        mileageRateMinor: big(input.mileageRateMinor),
        active: input.active,
      },
    });
    await emitExpenseCategoryWebhookEvent(tx, 'expenses.category.created', created);
    return created;
  });
  return categoryViewOf(row);
}

/**
 * Changes a category (HR). Lines already written keep their amounts and flags (they were measured when written);
 * new and rewritten lines, and receipts at submission, follow the new rules. Deactivated: no new line may use it.
 */
export async function updateExpenseCategory(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: Partial<CategoryFields>,
): Promise<ExpenseCategoryView> {
  requireHrRole(actor, 'change expense categories');
  const tenantId = actor.tenant.id;
  const row = await prisma.$transaction(async (tx) => {
    await lockCategoryNames(tx, tenantId);
    const current = await tx.expenseCategory.findFirst({ where: { id, tenantId } });
    if (!current) throw new AppError('not_found', `No expense category ${id}`);
    if (input.name !== undefined) await requireFreeName(tx, tenantId, input.name, id);
    const data: Prisma.ExpenseCategoryUpdateInput = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.currency !== undefined ? { currency: input.currency } : {}),
      ...(input.limitMinor !== undefined ? { limitMinor: big(input.limitMinor) } : {}),
      ...(input.limitAction !== undefined ? { limitAction: input.limitAction } : {}),
      ...(input.receiptRequiredAboveMinor !== undefined
        ? { receiptRequiredAboveMinor: big(input.receiptRequiredAboveMinor) }
        : {}),
      ...(input.mileageRateMinor !== undefined ? { mileageRateMinor: big(input.mileageRateMinor) } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    };
    const updated = await tx.expenseCategory.update({ where: { id }, data });
    await emitExpenseCategoryWebhookEvent(tx, 'expenses.category.updated', updated);
    return updated;
  });
  return categoryViewOf(row);
}

/** Two HR writers naming categories at once queue here, so the case-insensitive name check holds. */
async function lockCategoryNames(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`expense-categories:${tenantId}`}, 0))`;
}

/**
 * The category a line names: its id, or its name (exactly, else ignoring case when that finds one). 400 naming
 * `field` when there is none, listing the active ones; an inactive category is 400 too.
 */
export async function resolveCategory(
  db: Db,
  tenantId: string,
  ref: string,
  field: string,
  cache: Map<string, ExpenseCategory>,
): Promise<ExpenseCategory> {
  const cached = cache.get(ref);
  if (cached) return cached;
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref);
  const exact = await db.expenseCategory.findFirst({ where: { tenantId, ...(isUuid ? { id: ref } : { name: ref }) } });
  // Ignoring case only when that names one category: "taxi" finds Taxi, never one of "Taxi" and "TAXI".
  const byName = exact
    ? []
    : await db.expenseCategory.findMany({ where: { tenantId, name: { equals: ref, mode: 'insensitive' } }, take: 2 });
  const found = exact ?? (byName.length === 1 ? byName[0] : undefined);
  if (!found) {
    const active = await db.expenseCategory.findMany({
      where: { tenantId, active: true },
      orderBy: { name: 'asc' },
      select: { name: true },
      take: 50,
    });
    throw new AppError(
      'validation_error',
      `${field}: no expense category ${JSON.stringify(ref)}; the categories are ${active.map((c) => c.name).join(', ') || 'none yet'}`,
    );
  }
  if (!found.active) throw new AppError('validation_error', `${field}: the category ${found.name} is no longer active`);
  cache.set(ref, found);
  return found;
}
