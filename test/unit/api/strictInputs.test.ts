import type { z } from 'zod';
import { operations } from '../../../operations';

/** The object schemas inside `schema` (through optional, default, pipe, union, ...) that let unknown keys pass. */
function lenientObjects(schema: z.ZodType | undefined, where: string): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string) => lenientObjects(def[key] as z.ZodType | undefined, where);
  switch (def.type) {
    case 'object': {
      const catchall = (def.catchall as { _zod?: { def: { type: string } } } | undefined)?._zod?.def.type;
      return catchall === 'never' ? [] : [where];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => lenientObjects(option, where));
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    default:
      return [];
  }
}

describe('operation inputs refuse unknown keys', () => {
  // A lenient schema drops a misspelt field silently (`{"reasn": "..."}` cancels without a reason): every body and
  // query of every operation must be a strict object, so a new operation cannot be lenient by accident.
  it.each(operations.map((op) => [op.name, op] as const))('%s', (_name, op) => {
    expect([
      ...lenientObjects(op.input.body as z.ZodType | undefined, 'body'),
      ...lenientObjects(op.input.query as z.ZodType | undefined, 'query'),
    ]).toEqual([]);
  });

  it('sees a lenient object where there is one (the check can fail)', async () => {
    const { z: zod } = await import('zod');
    expect(lenientObjects(zod.object({ a: zod.string() }).optional(), 'body')).toEqual(['body']);
    expect(lenientObjects(zod.strictObject({ a: zod.string() }).optional(), 'body')).toEqual([]);
  });
});
