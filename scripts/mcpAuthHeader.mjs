// Loaded with `node --import` into MCP tools that have no option for an Authorization header (the official
// conformance suite): adds `Authorization: Bearer $SVC_HR_MCP_TOKEN` to every HTTP request the process makes,
// through undici's global dispatcher (used by Node's fetch and by undici's own request API alike).
import { createRequire } from 'node:module';

const token = process.env.SVC_HR_MCP_TOKEN;
const requireFromSuite = createRequire(import.meta.resolve('@modelcontextprotocol/conformance/package.json'));
const { getGlobalDispatcher, setGlobalDispatcher } = requireFromSuite('undici');

function withAuthorization(headers) {
  const value = `Bearer ${token}`;
  if (!headers) return { authorization: value };
  if (Array.isArray(headers)) {
    const has = headers.some((h, i) => i % 2 === 0 && String(h).toLowerCase() === 'authorization');
    return has ? headers : [...headers, 'authorization', value];
  }
  const entries = typeof headers[Symbol.iterator] === 'function' ? [...headers] : Object.entries(headers);
  return entries.some(([k]) => k.toLowerCase() === 'authorization')
    ? Object.fromEntries(entries)
    : { ...Object.fromEntries(entries), authorization: value };
}

if (token) {
  setGlobalDispatcher(
    getGlobalDispatcher().compose(
      (dispatch) => (opts, handler) => dispatch({ ...opts, headers: withAuthorization(opts.headers) }, handler),
    ),
  );
}
