import type { FastifyInstance } from 'fastify';

/**
 * The human-readable reference at /api/v1/reference: Scalar renders the OpenAPI document that the registry
 * produced (the same object served at /api/v1/openapi.json), so the page cannot drift from the routes.
 * Its assets are bundled in the package and served from here: the page works with no internet.
 */
export async function registerReference(app: FastifyInstance, openapi: Record<string, unknown>): Promise<void> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  await app.register(scalar, {
    routePrefix: '/api/v1/reference',
    configuration: {
      // The page fetches the document from the registry-derived route itself.
      url: '/api/v1/openapi.json',
      pageTitle: `${String((openapi.info as { title?: string } | undefined)?.title ?? 'svc-hr')} API reference`,
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
      favicon: '/favicon.svg',
      // "Try it" starts with the bearer scheme chosen: paste a token and send.
      authentication: { preferredSecurityScheme: 'bearerAuth' },
      // Scalar's own services (Configure, Share, Generate SDK, Deploy, Ask AI, its MCP button) are not svc-hr's
      // and need the internet: off.
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
    } as Record<string, unknown>,
    logLevel: 'warn',
  });
}
