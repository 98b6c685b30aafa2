import { buildOpenApiDocument } from '../../../api/openapi';
import { toJsonSchema } from '../../../operations/jsonSchema';
import { operations } from '../../../operations';

describe('the operation registry', () => {
  it('names every operation once, in snake_case', () => {
    const names = operations.map((op) => op.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('gives every method and path one operation', () => {
    const routes = operations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('describes every input field, for the reference, the MCP tools and the client', () => {
    const undocumented: string[] = [];
    for (const op of operations) {
      if (op.input.upload && !op.input.upload.description) undocumented.push(`${op.name} upload`);
      for (const [part, schema] of Object.entries(op.input)) {
        // A file body is no zod schema: its own description documents it.
        if (!schema || part === 'upload') continue;
        const json = toJsonSchema(schema as Exclude<typeof schema, typeof op.input.upload>, 'input') as {
          properties?: Record<string, { description?: string }>;
        };
        for (const [field, prop] of Object.entries(json.properties ?? {})) {
          if (!prop.description) undocumented.push(`${op.name} ${part}.${field}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('derives the same OpenAPI document every time', () => {
    const a = buildOpenApiDocument(operations, { serverUrl: 'http://x', version: '1' });
    // A copy of the registry is another registry to the document's cache: built again, from scratch.
    const b = buildOpenApiDocument([...operations], { serverUrl: 'http://x', version: '1' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
