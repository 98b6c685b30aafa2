/**
 * The agent's model: the step protocol, the built-in model, the AI SDK adapters and the choice between them.
 * Activities import from here; workflows import only `./types` (type-only), as the model may do network I/O.
 */

export * from './types';
export { builtinStep, createBuiltinModel } from './builtin/builtinModel';
export { KNOWN_POLICIES } from './builtin/policies';
export { type BuiltinContext, createBuiltinLanguageModel } from './aiSdk/builtinLanguageModel';
export { type ProviderModelOptions, fromLanguageModel } from './aiSdk/fromLanguageModel';
export { messagesFromPrompt, toModelMessages } from './aiSdk/promptMapping';
export {
  type ModelSpec,
  type ProviderKeys,
  type ResolveOptions,
  type ResolvedModel,
  parseModelSpec,
  resolveModel,
} from './resolveModel';
