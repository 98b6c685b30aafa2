import type { FastifyInstance } from 'fastify';

/** Where browsers look for a site's icon unasked, and the address the reference page names (api/reference.ts). */
export const faviconPaths = ['/favicon.ico', '/favicon.svg'] as const;

/** svc-hr's icon: "hr" on a rounded square, in the reference's accent blue. */
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#0072bd"/>
<text x="16" y="22" font-family="Helvetica,Arial,sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">hr</text>
</svg>
`;

/**
 * The icon a browser asks for with every page of ours (the reference, the example app): an answer instead of a
 * 404 in its console. One SVG at both addresses; browsers read a favicon by its content type.
 */
export function registerFavicon(app: FastifyInstance): void {
  for (const url of faviconPaths) {
    app.get(url, async (_request, reply) =>
      reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(icon),
    );
  }
}
