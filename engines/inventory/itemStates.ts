import { AppError } from '../appError';

/**
 * The states of an inventory item and the moves between them (company-api.md, Inventory):
 *
 *   available ──assign──> assigned ──return──> available | in_repair
 *   available <──repair / repaired──> in_repair
 *   available | in_repair ──retire──> retired (final)
 *
 * Every move is checked here, under the item's row lock, and a forbidden one answers 409 naming the state the item
 * is in.
 */
export const itemStatuses = ['available', 'assigned', 'in_repair', 'retired'] as const;
export type ItemStatus = (typeof itemStatuses)[number];

export const itemCategories = ['laptop', 'phone', 'badge', 'monitor', 'other'] as const;
export type ItemCategory = (typeof itemCategories)[number];

/** What a move does, as the 409's reason says it. */
export type ItemMove = 'assign' | 'return' | 'repair' | 'repaired' | 'retire' | 'change';

const allowedFrom: Record<ItemMove, readonly ItemStatus[]> = {
  assign: ['available'],
  return: ['assigned'],
  repair: ['available'],
  repaired: ['in_repair'],
  retire: ['available', 'in_repair'],
  change: ['available', 'assigned', 'in_repair'],
};

const moveWords: Record<ItemMove, string> = {
  assign: 'assigned to someone',
  return: 'returned',
  repair: 'sent to repair',
  repaired: 'made available (it is not in repair)',
  retire: 'retired',
  change: 'changed',
};

const hints: Partial<Record<ItemStatus, string>> = {
  assigned: ': return it first',
  retired: ': a retired item stays retired',
  in_repair: ': mark it available when it is repaired',
};

/** Checks that `move` is allowed from `from`: 409 naming `from` (and what to do instead) when it is not. */
export function requireMove(from: ItemStatus, move: ItemMove): void {
  if (allowedFrom[move].includes(from)) return;
  const hint = move === 'return' || move === 'repaired' ? '' : (hints[from] ?? '');
  throw new AppError('conflict', `The item is ${from}; it cannot be ${moveWords[move]}${hint}`, {
    status: from,
  });
}

/** True when `move` is allowed from `from` (the rule above, for a table of cases). */
export function mayMove(from: ItemStatus, move: ItemMove): boolean {
  return allowedFrom[move].includes(from);
}
