/**
 * Which model the agent runs: `SVC_HR_MODEL` names it, the keys come from the validated configuration (this module
 * reads no environment). Unset or `builtin` is the built-in model; `openai:<model>`, `anthropic:<model>` and
 * `openai-compatible:<baseURL>:<model>` are AI SDK providers. A provider whose key is missing falls back to the
 * built-in model, saying why, so a laptop without keys still works. Creating a provider makes no network call.
 */

import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { fromLanguageModel } from './aiSdk/fromLanguageModel';
import { createBuiltinModel } from './builtin/builtinModel';
import type { AgentModel } from './types';

/** A parsed `SVC_HR_MODEL`. */
export type ModelSpec =
  | { provider: 'builtin' }
  | { provider: 'openai' | 'anthropic'; modelId: string }
  | { provider: 'openai-compatible'; baseURL: string; modelId: string };

/** API keys, from the configuration. An OpenAI-compatible server may need none (a local one). */
export interface ProviderKeys {
  openai?: string | undefined;
  anthropic?: string | undefined;
  openaiCompatible?: string | undefined;
}

/** The model to run, its spec as written, and why the built-in model runs instead of the one asked for, if so. */
export interface ResolvedModel {
  model: AgentModel;
  spec: string;
  fallbackReason?: string;
}

/** How providers reach their servers. */
export interface ResolveOptions {
  /** The HTTP client providers use; default the global `fetch` (tests pass a double of the provider's server). */
  fetch?: typeof fetch;
}

const FORMS = 'builtin, openai:<model>, anthropic:<model> or openai-compatible:<baseURL>:<model>';

/**
 * Parses `SVC_HR_MODEL`. The base URL of an OpenAI-compatible server is everything up to the colon before the model
 * (a port's colon is taken as part of the host), so `openai-compatible:http://localhost:11434/v1:llama3.1:8b` is the
 * model `llama3.1:8b` at `http://localhost:11434/v1`. Throws on any other form.
 */
export function parseModelSpec(spec: string | undefined): ModelSpec {
  const value = spec?.trim() ?? '';
  if (value === '' || value === 'builtin') return { provider: 'builtin' };
  const compatible = /^openai-compatible:(https?:\/\/[^/:\s]+(?::\d+)?(?:\/[^:\s]*)?):(.+)$/.exec(value);
  if (compatible) return { provider: 'openai-compatible', baseURL: compatible[1]!, modelId: compatible[2]! };
  const named = /^(openai|anthropic):(.+)$/.exec(value);
  if (named) return { provider: named[1] as 'openai' | 'anthropic', modelId: named[2]! };
  throw new Error(`SVC_HR_MODEL must be ${FORMS}; got "${value}"`);
}

/** The model `spec` names, built with `keys`; the built-in model when the spec is unset or its key missing. */
export function resolveModel(
  spec: string | undefined,
  keys: ProviderKeys = {},
  options: ResolveOptions = {},
): ResolvedModel {
  const parsed = parseModelSpec(spec);
  const builtin = (fallbackReason?: string): ResolvedModel => ({
    model: createBuiltinModel(),
    spec: spec?.trim() || 'builtin',
    ...(fallbackReason ? { fallbackReason } : {}),
  });
  const http = options.fetch ? { fetch: options.fetch } : {};
  const name = spec?.trim() ?? '';
  switch (parsed.provider) {
    case 'builtin':
      return builtin();
    case 'openai':
      if (!keys.openai) return builtin(`${name} needs OPENAI_API_KEY; the built-in model runs instead`);
      return {
        model: fromLanguageModel(createOpenAI({ apiKey: keys.openai, ...http }).chat(parsed.modelId), { name }),
        spec: name,
      };
    case 'anthropic':
      if (!keys.anthropic) return builtin(`${name} needs ANTHROPIC_API_KEY; the built-in model runs instead`);
      return {
        model: fromLanguageModel(createAnthropic({ apiKey: keys.anthropic, ...http })(parsed.modelId), { name }),
        spec: name,
      };
    case 'openai-compatible': {
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: parsed.baseURL,
        ...(keys.openaiCompatible ? { apiKey: keys.openaiCompatible } : {}),
        ...http,
      });
      return { model: fromLanguageModel(provider.chatModel(parsed.modelId), { name }), spec: name };
    }
  }
}
