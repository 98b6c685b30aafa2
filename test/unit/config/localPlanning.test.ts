import { loadConfig } from '../../../config/env';

const load = (model?: string) =>
  loadConfig(model === undefined ? {} : ({ SVC_HR_MODEL: model } as NodeJS.ProcessEnv), '/tmp');

describe('agent.localPlanning (runs plan in local activities)', () => {
  it.each([[undefined], ['builtin'], [' builtin '], ['']])(
    'is on for the built-in model (SVC_HR_MODEL=%p)',
    (model) => {
      expect(load(model).agent.localPlanning).toBe(true);
    },
  );

  it.each(['openai:gpt-4o-mini', 'anthropic:claude-sonnet-4-5', 'openai-compatible:http://localhost:11434/v1:llama3'])(
    'is off for an AI SDK model that may take seconds (%s)',
    (model) => {
      expect(load(model).agent.localPlanning).toBe(false);
    },
  );
});
