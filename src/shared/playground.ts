/**
 * The Playground's boundary types: a model on the person's own key, talking through one of three wire formats,
 * with the connected server's tools. The key crosses the boundary once, into the worker (`setProviderKey`),
 * and never comes back: no result, event or error carries it.
 */
import type { Tool } from './model.ts';

/** The wire format a provider speaks. */
export type ProviderKind = 'openai' | 'anthropic' | 'gemini';

export interface ProviderConfig {
  kind: ProviderKind;
  /**
   * Where the API lives, up to the version path: `https://api.openai.com/v1`, `https://openrouter.ai/api/v1`,
   * `http://localhost:11434/v1` (Ollama), `http://localhost:1234/v1` (LM Studio), `https://api.anthropic.com/v1`,
   * `https://generativelanguage.googleapis.com/v1beta` (Gemini).
   */
  baseUrl: string;
  model: string;
}

/** The defaults a provider choice fills in; the person can change every field. */
export const PROVIDER_PRESETS: Record<string, { label: string } & ProviderConfig> = {
  openai: { label: 'OpenAI', kind: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
  openrouter: { label: 'OpenRouter', kind: 'openai', baseUrl: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini' },
  ollama: { label: 'Ollama (local)', kind: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' },
  lmstudio: { label: 'LM Studio (local)', kind: 'openai', baseUrl: 'http://localhost:1234/v1', model: 'local-model' },
  anthropic: { label: 'Anthropic', kind: 'anthropic', baseUrl: 'https://api.anthropic.com/v1', model: 'claude-sonnet-4-5' },
  gemini: {
    label: 'Google Gemini',
    kind: 'gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    model: 'gemini-2.5-flash',
  },
};

/** A tool as the model is told about it: the server's name, description and input schema, nothing else. */
export interface ChatTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

export interface ChatToolCall {
  /** The provider's id for the call, echoed back with its result. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Set when the model's argument text was not a JSON object: the call is not run, and the model is told. */
  badArguments?: string;
  /** Gemini's opaque signature of the step that made the call: sent back with it, as Gemini's thinking models require. */
  thoughtSignature?: string;
}

export type ChatMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: ChatToolCall[] }
  | { role: 'tool'; callId: string; name: string; text: string; isError: boolean };

export interface TokenUsage {
  input: number;
  output: number;
}

export interface ModelTurnParams {
  /** Chosen by the caller; the `model-text` events of this turn carry it. */
  turnId: string;
  provider: ProviderConfig;
  /** Instructions the model gets before the messages (a sampling request's `systemPrompt`). */
  system?: string;
  messages: ChatMessage[];
  tools: ChatTool[];
  /** Upper bound of the answer's tokens. @default 2048 */
  maxTokens?: number;
}

export interface ModelTurnResult {
  text: string;
  toolCalls: ChatToolCall[];
  usage?: TokenUsage;
  /** The provider's own words for why it stopped (`stop`, `tool_calls`, `end_turn`, `max_tokens`, …). */
  stopReason?: string;
  durationMs: number;
}

/** What the worker holds for one provider origin: whether a key is there, and whether it is also on this device. Never the key. */
export interface ProviderKeyState {
  held: boolean;
  remembered: boolean;
}

export interface PlaygroundApi {
  /**
   * Keeps the key in the worker's memory for the origin of `baseUrl`: it is sent to that origin only. With
   * `remember`, it is also written to this device (IndexedDB, from the worker). An empty key forgets it, in
   * memory and on the device. The answer says whether a key is now held, never the key.
   */
  setProviderKey: { params: { baseUrl: string; key: string; remember?: boolean }; result: ProviderKeyState };
  /** Whether a key is held for the origin of `baseUrl`, in memory or remembered on this device (loaded on use). */
  providerKeyState: { params: { baseUrl: string }; result: ProviderKeyState };
  /** "Remember on this device" ticked or unticked for a key already held: writes it to the device, or erases it there only. */
  rememberProviderKey: { params: { baseUrl: string; remember: boolean }; result: ProviderKeyState };
  /** One step of the model: streams its text as `model-text` events and returns the whole answer. */
  modelTurn: { params: ModelTurnParams; result: ModelTurnResult };
}

export type DraftContent = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** A model's draft reply to a sampling request: the person can change every part before Approve. */
export interface SamplingDraft {
  model: string;
  stopReason: string;
  content: DraftContent[];
}

/** A piece of a Playground model step's text as it streams (by the caller's turnId). */
export interface ModelTextEvent {
  type: 'model-text';
  turnId: string;
  text: string;
}

/** The Playground's jobs in the jobs registry (src/app/calls.ts): what each takes and answers. */
export interface PlaygroundJobs {
  /** The Playground's model drafts a reply to a pending sampling request (a model turn, not an MCP request). */
  'sampling-draft': { params: { requestId: string }; result: SamplingDraft };
  /**
   * The Playground's person sends a message: the model's turns and the tool calls they ask for, until the
   * model answers without one. One conversation per connection, so its messages never overlap.
   */
  conversation: { params: { text: string; tools: readonly Tool[] }; result: void };
}
