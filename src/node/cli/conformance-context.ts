/**
 * What the official conformance suite hands its client through the environment: `MCP_CONFORMANCE_CONTEXT`
 * (pre-registered credentials and, for some scenarios, the tool calls to make) and
 * `MCP_CONFORMANCE_SCENARIO` (we are under test: its Client ID Metadata Document URL is used, and its mock
 * servers' tools exist to be called, so tools that write are called too). No scenario changes the engine.
 */
import type { AuthSettings } from '../../shared/auth.ts';
import type { ToolCall } from './plan.ts';

/** The conformance suite's published client id document (it never fetches it; the id is the point). */
const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
/** Loopback and never served: the headless host stops at the redirect and reads the code from it. */
const REDIRECT_URL = 'http://localhost:47799/oauth-callback';

type Env = Record<string, string | undefined>;

export interface ConformanceContext {
  underTest: boolean;
  /** The scenario's calls, when it names them. */
  toolCalls?: ToolCall[];
  /** Why the context was ignored, for a person to read. */
  warning?: string;
}

export function readConformance(env: Env): ConformanceContext {
  const { context, warning } = parseContext(env.MCP_CONFORMANCE_CONTEXT);
  const toolCalls = readToolCalls(context.toolCalls);
  return { underTest: Boolean(env.MCP_CONFORMANCE_SCENARIO), ...(toolCalls && { toolCalls }), ...(warning && { warning }) };
}

export function authSettings(env: Env): AuthSettings {
  const { context } = parseContext(env.MCP_CONFORMANCE_CONTEXT);
  return {
    redirectUrl: REDIRECT_URL,
    clientName: 'MCP Lens (headless)',
    ...(env.MCP_CONFORMANCE_SCENARIO && { clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL }),
    ...(env.MCP_LENS_CLIENT_METADATA_URL && { clientMetadataUrl: env.MCP_LENS_CLIENT_METADATA_URL }),
    ...(typeof context.client_id === 'string' && { clientId: context.client_id }),
    ...(typeof context.client_secret === 'string' && { clientSecret: context.client_secret }),
  };
}

function readToolCalls(value: unknown): ToolCall[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((call: unknown) => {
    const { name, arguments: args } = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
    return typeof name === 'string'
      ? [{ name, arguments: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {} }]
      : [];
  });
}

function parseContext(raw: string | undefined): { context: Record<string, unknown>; warning?: string } {
  if (!raw) return { context: {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    return { context: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {} };
  } catch {
    return { context: {}, warning: 'MCP_CONFORMANCE_CONTEXT is not JSON; ignoring it.' };
  }
}
