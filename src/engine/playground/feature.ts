/**
 * The Playground's engine side (PlaygroundApi): the provider key, held here in the worker's memory per
 * provider origin, and one streamed step of the model at a time. Loaded on first use (engine.ts), so a plain
 * connection's worker carries none of it. The conversation loop is the app's (src/app/playground/): every
 * tool call the model asks for runs as the Tools tab's do, through the same command and confirmation.
 */
import type { EngineError } from '../../shared/errors.ts';
import type { ModelTurnParams, PlaygroundApi, ProviderKeyState } from '../../shared/playground.ts';
import { describeError } from '../../shared/read.ts';
import { checkServerUrl } from '../../shared/url.ts';
import type { FeatureContext, Handlers } from '../features/feature-context.ts';
import { anthropicTurn } from './anthropic.ts';
import { geminiTurn } from './gemini.ts';
import { createProviderKeyVault } from './key-vault.ts';
import { openAiTurn } from './openai.ts';

export interface PlaygroundOptions {
  /** Where "Remember on this device" keeps keys (the worker: `indexedDB`). Absent: keys live in memory only. */
  indexedDB?: IDBFactory;
}

const TURNS = { openai: openAiTurn, anthropic: anthropicTurn, gemini: geminiTurn } as const;

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

export function playgroundHandlers(ctx: FeatureContext, options: PlaygroundOptions = {}): Handlers<PlaygroundApi> {
  // Origin → key, in memory. Written to the device only for an origin the person opted in for (the vault).
  const keys = new Map<string, string>();
  const vault = options.indexedDB && createProviderKeyVault(options.indexedDB);
  const storageFailed = (error: unknown): EngineError => ({
    code: 'internal',
    message:
      'This browser refused to store the key on the device (private mode, or storage full or blocked). The key is held in memory for this tab.',
    detail: describeError(error),
  });

  /** The remembered key of `origin` into memory, on use; a device that cannot be read is said once, and the key is typed again. */
  async function load(origin: string): Promise<boolean> {
    if (!vault) return false;
    try {
      const found = await vault.get(origin);
      if (found !== undefined && !keys.has(origin)) keys.set(origin, found);
      return found !== undefined;
    } catch (error) {
      ctx.note('warning', `The provider key remembered on this device could not be read: ${describeError(error)}. Enter the key again.`);
      return false;
    }
  }

  async function stateOf(origin: string): Promise<ProviderKeyState> {
    const remembered = await load(origin);
    return { held: keys.has(origin), remembered };
  }

  function connectedOrigin(): string | undefined {
    try {
      return new URL(ctx.requireSession().summary.url).origin;
    } catch {
      return undefined;
    }
  }

  function checkTurn(params: ModelTurnParams): URL {
    const { provider } = params;
    if (!Object.hasOwn(TURNS, provider.kind)) throw invalid('Choose a provider: OpenAI-compatible, Anthropic or Google Gemini.');
    if (typeof provider.model !== 'string' || provider.model.trim() === '') throw invalid('Enter the model’s name (e.g. gpt-4o-mini).');
    if (!Array.isArray(params.messages) || params.messages.length > MAX_MESSAGES)
      throw invalid(`A conversation holds at most ${MAX_MESSAGES} messages. Restart it.`);
    if (!Array.isArray(params.tools) || params.tools.length > MAX_TOOLS)
      throw invalid(`At most ${MAX_TOOLS} tools can be offered to the model.`);
    return providerUrl(provider.baseUrl);
  }

  return {
    async setProviderKey({ baseUrl, key, remember }) {
      const { origin } = providerUrl(baseUrl);
      const value = typeof key === 'string' ? key.trim() : '';
      if (value.length > MAX_KEY_CHARS) throw invalid(`A key is at most ${MAX_KEY_CHARS} characters. Check what was pasted.`);
      if (value === '') keys.delete(origin);
      else keys.set(origin, value);
      // Forget is everywhere; a new key replaces a remembered one only when it is to be remembered too.
      try {
        if (value === '' || remember === false) await vault?.delete(origin);
        else if (remember === true) await vault?.put(origin, value, Date.now());
      } catch (error) {
        throw storageFailed(error);
      }
      return { held: keys.has(origin), remembered: value !== '' && remember === true && vault !== undefined };
    },

    async providerKeyState({ baseUrl }) {
      return stateOf(providerUrl(baseUrl).origin);
    },

    async rememberProviderKey({ baseUrl, remember }) {
      const { origin } = providerUrl(baseUrl);
      const key = keys.get(origin);
      try {
        if (!remember) await vault?.delete(origin);
        else if (key !== undefined) await vault?.put(origin, key, Date.now());
      } catch (error) {
        throw storageFailed(error);
      }
      return stateOf(origin);
    },

    async modelTurn(params, signal) {
      const url = checkTurn(params);
      if (!keys.has(url.origin)) await load(url.origin);
      const key = keys.get(url.origin);
      if (key !== undefined && url.protocol === 'http:' && !isLoopback(url.hostname))
        throw invalid(`MCP Lens will not send the key over plain http to ${url.origin}. Use https, or remove the key for a local model.`);
      // However the base URL is typed, the provider's key never goes to the MCP server.
      if (key !== undefined && url.origin === connectedOrigin())
        throw invalid(
          `The provider's base URL is the connected MCP server's origin (${url.origin}); its key is not sent there. Check the base URL.`,
        );
      const started = ctx.clock.now();
      const turn = TURNS[params.provider.kind];
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
