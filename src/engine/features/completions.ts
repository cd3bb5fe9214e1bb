/** completion/complete, for argument typeahead on prompts and resource templates. */
import type { CompleteParams, CompletionsApi } from '../../shared/completions-api.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { FeatureContext, Handlers } from './feature-context.ts';
import { record } from '../../shared/read.ts';
import { rawRequest } from './paginate.ts';

/** The spec caps a completion at 100 values; a server that sends more gets the first 100 shown. */
const MAX_VALUES = 100;
const MAX_VALUE_LENGTH = 1000;

function refParams(ref: CompleteParams['ref']): Record<string, string> {
  if (ref?.type === 'ref/prompt' && typeof ref.name === 'string') return { type: 'ref/prompt', name: ref.name };
  if (ref?.type === 'ref/resource' && typeof ref.uri === 'string') return { type: 'ref/resource', uri: ref.uri };
  throw { code: 'invalid-input', message: 'A completion needs a prompt name or a resource template.' } satisfies EngineError;
}

export function completionHandlers(ctx: FeatureContext): Handlers<CompletionsApi> {
  return {
    async complete(params, signal) {
      const { client } = ctx.requireSession();
      const context =
        params.contextArguments && Object.keys(params.contextArguments).length > 0
          ? { context: { arguments: params.contextArguments } }
          : {};
      const result = record(
        await rawRequest(
          client,
          'completion/complete',
          {
            ref: refParams(params.ref),
            argument: { name: String(params.argument.name), value: String(params.argument.value) },
            ...context,
          },
          { ...(signal && { signal }) },
        ),
      );
      const completion = record(result?.completion);
      if (!completion)
        throw {
          code: 'bad-response',
          message: 'The server answered completion/complete without a "completion" object.',
        } satisfies EngineError;
      const all = Array.isArray(completion.values) ? completion.values.filter((v): v is string => typeof v === 'string') : [];
      const total = typeof completion.total === 'number' && Number.isFinite(completion.total) ? completion.total : undefined;
      return {
        values: all.slice(0, MAX_VALUES).map((v) => v.slice(0, MAX_VALUE_LENGTH)),
        ...(total !== undefined && { total }),
        hasMore: completion.hasMore === true || all.length > MAX_VALUES,
      };
    },
  };
}
