import type { Connection } from '@temporalio/client';
import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes';
import { searchAttributes } from '../../workflows/searchAttributes';

/**
 * Registers those of our custom search attributes that the namespace lacks, and returns their names.
 *
 * The dev server's `--search-attribute` flags are applied only when it creates its db file: restarted on an
 * existing `.data/temporal.db` (for example one made before an attribute was added) it ignores new ones,
 * verified with CLI v1.5.1. Calling this after every start closes that gap; it is a no-op when all exist.
 */
export async function ensureSearchAttributes(connection: Connection, namespace: string): Promise<string[]> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const known = new Set(Object.keys(existing.customAttributes ?? {}));
  const missing = searchAttributes.filter((attribute) => !known.has(attribute.name));
  if (missing.length === 0) return [];
  const types = missing.map((attribute) => {
    const type = encodeSearchAttributeIndexedValueType(attribute.type);
    if (type === undefined) throw new Error(`unknown search attribute type ${attribute.type} of ${attribute.name}`);
    return [attribute.name, type] as const;
  });
  await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(types) });
  return missing.map((attribute) => attribute.name);
}
