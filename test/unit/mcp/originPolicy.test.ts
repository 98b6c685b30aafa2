import { isOriginAllowed } from '../../../mcp/inbound/originPolicy';

const configured = new Set(['https://hr.example.com']);

describe('the MCP origin policy', () => {
  it.each<[string | undefined, string, boolean, string]>([
    [undefined, 'anything.example', true, 'a non-browser client sends no Origin'],
    ['https://hr.example.com', 'hr.example.com', true, 'a configured origin'],
    ['http://localhost:6274', 'localhost:3000', true, 'a local tool talking to a local server'],
    ['http://127.0.0.1:3000', '127.0.0.1:3000', true, 'loopback by address'],
    ['http://evil.example.com', 'evil.example.com', false, 'a DNS-rebinding page'],
    ['http://localhost:6274', 'evil.example.com:3000', false, 'a loopback origin on a foreign host name'],
    ['https://other.example.com', 'hr.example.com', false, 'another site'],
    ['null', 'localhost:3000', false, 'an opaque origin'],
  ])('answers %s on host %s with %s (%s)', (origin, host, expected) => {
    expect(isOriginAllowed(origin, host, configured)).toBe(expected);
  });
});
