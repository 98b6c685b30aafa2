import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { fromLanguageModel } from '../../../model/aiSdk/fromLanguageModel';
import { evalModel, evaluateModel } from '../../../eval/run';
import { loadSplit } from '../../../eval/corpus';

// Issue 22 item 5: the evaluation runs an AI SDK provider on the same rows as the built-in model. The provider here is
// the SDK's own test double of a provider's server; the rows are the train split's (validation is read by npm run
// eval and its floor test only).

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A provider that answers every request with one call of get_leave_balances, and records what it was sent. */
function balancesProvider(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: (): Promise<LanguageModelV3GenerateResult> =>
      Promise.resolve({
        content: [{ type: 'tool-call', toolCallId: 'p1', toolName: 'get_leave_balances', input: '{}' }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      }),
  });
}

const expectsBalances = (tool: string | undefined) => tool === 'get_leave_balances';

describe('the evaluation of a provider model', () => {
  it('judges the provider’s steps row by row, in the corpus order, with the user and day of each row', async () => {
    const provider = balancesProvider();
    const rows = loadSplit('train');
    const results = await evaluateModel(fromLanguageModel(provider, { name: 'test:balances' }), ['train'], {
      concurrency: 3,
    });
    const outcomes = results.get('train')!;
    expect(outcomes.map((o) => o.row.id)).toEqual(rows.map((r) => r.id));
    expect(provider.doGenerateCalls).toHaveLength(rows.length);
    for (const { row, judgement } of outcomes) {
      const tool = row.expected.kind === 'tool' ? row.expected.tool : undefined;
      const argsless = row.expected.kind === 'tool' && Object.keys(row.expected.args ?? {}).length === 0;
      if (expectsBalances(tool) && argsless) expect(judgement.verdict).toBe('correct');
      if (row.expected.kind !== 'tool' && row.expected.kind !== 'tools') {
        // A read where a question, an answer or a refusal was expected is confidently wrong, as for the built-in model.
        expect(judgement.verdict).toBe('confidently_wrong');
      }
    }
    expect(outcomes.filter((o) => o.judgement.verdict === 'correct').length).toBeGreaterThan(0);
    const first = provider.doGenerateCalls[0] as LanguageModelV3CallOptions;
    expect(JSON.stringify(first.prompt[0])).toContain(`Today is ${rows[0]!.today}`);
  });

  it('counts a provider failure as that row’s miss and goes on with the other rows', async () => {
    let calls = 0;
    const provider = new MockLanguageModelV3({
      doGenerate: () => {
        calls += 1;
        return Promise.reject(new Error('rate limited'));
      },
    });
    const results = await evaluateModel(fromLanguageModel(provider), ['train'], { limit: 5, concurrency: 2 });
    const outcomes = results.get('train')!;
    expect(outcomes).toHaveLength(5);
    expect(calls).toBeGreaterThanOrEqual(5);
    for (const { step, judgement } of outcomes) {
      expect(step).toMatchObject({ type: 'reply', text: expect.stringContaining('the model threw') });
      expect(judgement.verdict).not.toBe('correct');
    }
  });

  it('refuses a provider whose key is not set instead of evaluating the built-in model under its name', () => {
    expect(() => evalModel('anthropic:claude-sonnet-4-5', {})).toThrow('needs ANTHROPIC_API_KEY; set it');
    expect(() => evalModel('nonsense', {})).toThrow('SVC_HR_MODEL must be');
    expect(evalModel('openai:gpt-4o-mini', { OPENAI_API_KEY: 'sk-test' }).name).toBe('openai:gpt-4o-mini');
  });
});
