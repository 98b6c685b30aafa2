import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { returnConditions } from '../../engines/inventory/inventoryViews';
import { itemCategories, itemStatuses } from '../../engines/inventory/itemStates';

/** What every operation of the Inventory area shares (company-api.md). */
export const inventoryOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Inventory',
} as const;

export const IdParam = z.object({ id: z.uuid().describe('the item’s id') });
export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50');
export const Cursor = z.uuid().optional().describe('nextCursor of the previous page');
export { NextCursor } from '../organization/organizationSchemas';

export const ItemCategory = z.enum(itemCategories);
export const ItemStatus = z.enum(itemStatuses);
export const ReturnCondition = z.enum(returnConditions);

/** The fields of an item, as create takes them; update takes each optionally (`notes` null to clear). */
export const itemFields = {
  name: z.string().trim().min(1).max(200).describe('what it is: "MacBook Pro 14 (2025)", "Office badge"'),
  category: ItemCategory.describe('laptop, phone, badge, monitor or other'),
  serial: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe('its serial number or asset tag, unique in the workspace (409 when taken)'),
  notes: z.string().trim().max(2000).describe('anything worth knowing: accessories, configuration, where it is kept'),
};

export const InventoryItemView = z.object({
  id: z.uuid(),
  name: z.string(),
  category: ItemCategory,
  serial: z.string(),
  status: ItemStatus.describe('available, assigned (it has a holder), in_repair or retired'),
  notes: z.string().nullable(),
  holder: z
    .object({
      assignmentId: z.uuid(),
      employeeId: z.uuid(),
      employeeName: z.string(),
      assignedAt: z.string().describe('ISO 8601 UTC'),
    })
    .nullable()
    .describe('who holds it now; null unless assigned'),
  retiredAt: z.string().nullable().describe('ISO 8601 UTC; null unless retired'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const InventoryAssignmentView = z.object({
  id: z.uuid(),
  item: z.object({
    id: z.uuid(),
    name: z.string(),
    category: ItemCategory,
    serial: z.string(),
    status: ItemStatus.describe('the item’s status now'),
  }),
  employeeId: z.uuid().describe('who holds, or held, the item'),
  employeeName: z.string(),
  note: z.string().nullable().describe('what was said when it was handed over'),
  assignedAt: z.string().describe('ISO 8601 UTC'),
  assignedByUserId: z.uuid(),
  open: z.boolean().describe('true until the item is returned'),
  returnedAt: z.string().nullable().describe('ISO 8601 UTC; null while open'),
  returnedByUserId: z.uuid().nullable(),
  returnCondition: ReturnCondition.nullable().describe('good (back to available) or needs_repair (to in_repair)'),
  conditionNote: z.string().nullable().describe('the state it came back in'),
});
