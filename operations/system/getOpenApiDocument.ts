import { z } from 'zod';
import { defineOperation } from '../defineOperation';

export const getOpenApiDocument = defineOperation({
  name: 'get_openapi_document',
  method: 'GET',
  path: '/api/v1/openapi.json',
  access: 'public',
  tag: 'System',
  summary: 'The machine-readable contract (OpenAPI 3.1)',
  description: 'Derived from the operation registry, like the routes, the reference page and the MCP tools.',
  input: {},
  output: z.record(z.string(), z.unknown()).describe('an OpenAPI 3.1 document'),
  response: 'json',
  handler: async (ctx) => ctx.openapi,
});
