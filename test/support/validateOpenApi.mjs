// Validates an OpenAPI document read from stdin with @seriousme/openapi-schema-validator (an ES module,
// which jest's CommonJS runtime cannot load, hence this child process). Prints the validator's result as JSON.
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const result = await new Validator().validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors ?? null }));
