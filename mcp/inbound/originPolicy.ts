const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostnameOf(hostOrUrl: string): string | undefined {
  try {
    return new URL(hostOrUrl.includes('://') ? hostOrUrl : `http://${hostOrUrl}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * DNS-rebinding protection of the MCP endpoint (MCP security best practices): a browser request (it carries
 * Origin) is accepted when its origin is configured, or when both the origin and the Host it reached are
 * loopback (a local tool such as the MCP Inspector talking to a local svc-hr). A rebinding attack reaches
 * 127.0.0.1 under a foreign name, so its Origin and Host are not loopback, and it is refused. Requests without
 * Origin come from non-browser clients (Claude Desktop, Cursor, SDKs), which DNS rebinding cannot drive.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  const originHost = hostnameOf(origin);
  const requestHost = host === undefined ? undefined : hostnameOf(host);
  return (
    originHost !== undefined &&
    loopbackHosts.has(originHost) &&
    requestHost !== undefined &&
    loopbackHosts.has(requestHost)
  );
}
