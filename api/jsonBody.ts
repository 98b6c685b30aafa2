import type { FastifyInstance } from 'fastify';
import { AppError } from '../engines/appError';
import { forbiddenContent } from '../operations/validation';

/**
 * JSON bodies are parsed by Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys
 * (prototype poisoning) with the same "not valid JSON" as a syntax error. This wrapper tells the two apart: a body
 * that is valid JSON but was refused names the key (`__proto__: this key is not accepted`), so a client learns
 * what to change instead of hunting for a syntax error that is not there.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = String(raw);
    void parse(request, body, (err: Error | null, value?: unknown) => {
      if (!err) return done(null, value);
      let plain: unknown;
      try {
        // Plain JSON.parse keeps `__proto__` as an own key: safe to walk, and thrown away.
        plain = JSON.parse(body);
      } catch {
        return done(err, undefined);
      }
      const forbidden = forbiddenContent(plain, 'body');
      done(
        forbidden
          ? new AppError('validation_error', `${forbidden.field}: ${forbidden.message}`, {
              in: 'body',
              issues: [forbidden],
            })
          : err,
        undefined,
      );
    });
  });
}
