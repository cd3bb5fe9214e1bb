/**
 * The Playground's engine side (PlaygroundApi): the provider key, held here in the worker's memory per
 * provider origin, and one streamed step of the model at a time. Loaded on first use (engine.ts), so a plain
 * connection's worker carries none of it. The conversation loop is the app's (src/app/playground/): every
 * tool call the model asks for runs as the Tools tab's do, through the same command and confirmation.
 */
import type { EngineError } from '../../shared/errors.ts';
import type { ModelTurnParams, PlaygroundApi } from '../../shared/playground.ts';
import { checkServerUrl } from '../../shared/url.ts';
import type { FeatureContext, Handlers } from '../feature-context.ts';
import { anthropicTurn } from './anthropic.ts';
import { openAiTurn } from './openai.ts';

const MAX_MESSAGES = 400;
const MAX_TOOLS = 128;
const MAX_KEY_CHARS = 4_096;

const invalid = (message: string): EngineError => ({ code: 'invalid-input', message });

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost');

/** The provider's origin, the only place its key may go. */
function providerUrl(baseUrl: string): URL {
  const check = checkServerUrl(baseUrl);
  if (!check.ok) throw invalid(`The provider's base URL: ${check.reason}`);
  return new URL(check.url);
}

export function playgroundHandlers(ctx: FeatureContext): Handlers<PlaygroundApi> {
  // Origin → key. Memory only: nothing here is written anywhere, and a closed tab forgets it.
  const keys = new Map<string, string>();

  function connectedOrigin(): string | undefined {
    try {
      return new URL(ctx.requireSession().summary.url).origin;
    } catch {
      return undefined;
    }
  }

  function checkTurn(params: ModelTurnParams): URL {
    const { provider } = params;
    if (provider.kind !== 'openai' && provider.kind !== 'anthropic') throw invalid('Choose a provider: OpenAI-compatible or Anthropic.');
    if (typeof provider.model !== 'string' || provider.model.trim() === '') throw invalid('Enter the model’s name (e.g. gpt-4o-mini).');
    if (!Array.isArray(params.messages) || params.messages.length > MAX_MESSAGES)
      throw invalid(`A conversation holds at most ${MAX_MESSAGES} messages. Restart it.`);
    if (!Array.isArray(params.tools) || params.tools.length > MAX_TOOLS)
      throw invalid(`At most ${MAX_TOOLS} tools can be offered to the model.`);
    return providerUrl(provider.baseUrl);
  }

  return {
    async setProviderKey({ baseUrl, key }) {
      const { origin } = providerUrl(baseUrl);
      const value = typeof key === 'string' ? key.trim() : '';
      if (value.length > MAX_KEY_CHARS) throw invalid(`A key is at most ${MAX_KEY_CHARS} characters. Check what was pasted.`);
      if (value === '') keys.delete(origin);
      else keys.set(origin, value);
      return { held: keys.has(origin) };
    },

    async modelTurn(params, signal) {
      const url = checkTurn(params);
      const key = keys.get(url.origin);
      if (key !== undefined && url.protocol === 'http:' && !isLoopback(url.hostname))
        throw invalid(`MCP Lens will not send the key over plain http to ${url.origin}. Use https, or remove the key for a local model.`);
      // However the base URL is typed, the provider's key never goes to the MCP server.
      if (key !== undefined && url.origin === connectedOrigin())
        throw invalid(
          `The provider's base URL is the connected MCP server's origin (${url.origin}); its key is not sent there. Check the base URL.`,
        );
      const started = ctx.clock.now();
      const turn = params.provider.kind === 'anthropic' ? anthropicTurn : openAiTurn;
      const answer = await turn(params, {
        fetch: ctx.fetch,
        clock: ctx.clock,
        ...(key !== undefined && { key }),
        ...(signal && { signal }),
        onText: (text) => ctx.emit({ type: 'model-text', turnId: params.turnId, text }),
      });
      return { ...answer, durationMs: ctx.clock.now() - started };
    },
  };
}
