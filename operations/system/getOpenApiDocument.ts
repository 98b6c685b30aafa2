import { z } from 'zod';
import { defineOperation } from '../defineOperation';

export const getOpenApiDocument = defineOperation({
  name: 'get_openapi_document',
  method: 'GET',
  path: '/api/v1/openapi.json',
  access: 'public',
  tag: 'System',
  summary: 'The machine-readable contract (OpenAPI 3.1)',
  description:
    'Derived from the operation registry, like the routes, the reference page and the MCP tools. Its server is ' +
    'PUBLIC_BASE_URL when that is set, else the origin this request was addressed to.',
  input: {},
  output: z.record(z.string(), z.unknown()).describe('an OpenAPI 3.1 document'),
  response: 'json',
  handler: async (ctx) => {
    if (ctx.deps.config.openApiServerUrl !== undefined || !isPlainOrigin(ctx.origin)) return ctx.openapi;
    return { ...ctx.openapi, servers: [{ url: ctx.origin, description: 'this server, as the request addressed it' }] };
  },
});

/**
 * An origin fit to be the document's server: http(s), a host name or address and a port, nothing else. The Host
 * header is the client's to write; anything else gets the configured base address.
 */
function isPlainOrigin(origin: string | undefined): origin is string {
  return (
    origin !== undefined &&
    /^https?:\/\/[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?$/.test(origin)
  );
}
