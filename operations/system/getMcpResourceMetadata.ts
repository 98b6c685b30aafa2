import { z } from 'zod';
import { scopes } from '../../engines/access/scopes';
import { defineOperation } from '../defineOperation';

export const getMcpResourceMetadata = defineOperation({
  name: 'get_mcp_protected_resource_metadata',
  method: 'GET',
  path: '/.well-known/oauth-protected-resource/api/mcp',
  access: 'public',
  tag: 'System',
  summary: 'OAuth protected-resource metadata of the MCP endpoint (RFC 9728)',
  description:
    'Where the 401 of /api/mcp points. svc-hr offers no OAuth authorization server: MCP clients send a personal ' +
    'access token in the Authorization header, created under account settings, API access.',
  input: {},
  output: z.object({
    resource: z.string(),
    authorization_servers: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    resource_name: z.string(),
    resource_documentation: z.string(),
  }),
  response: 'json',
  handler: async (ctx) => {
    const base = ctx.deps.config.publicBaseUrl;
    return {
      resource: `${base}/api/mcp`,
      authorization_servers: [],
      bearer_methods_supported: ['header'],
      scopes_supported: [...scopes],
      resource_name:
        'svc-hr MCP server (tools only). No OAuth server is offered: send a personal access token as Bearer.',
      resource_documentation: `${base}/api/v1/reference`,
    };
  },
});
