/**
 * The CORS doctor. A browser reports every CORS refusal as the same opaque TypeError and never says which
 * header was at fault, but a page can still find out by asking again with less: a simple request (no
 * preflight) tells whether the server allows this origin at all, and preflighted requests that add one
 * header at a time find the header the preflight refuses. Probes are harmless pings with dummy header
 * values: the user's real secrets never go into a probe.
 */
import { MCP_ALLOW_HEADERS, MCP_EXPOSE_HEADERS, MODERN_REQUEST_HEADERS, type CorsDiagnosis } from '../../shared/cors.ts';
import type { EngineError } from '../../shared/errors.ts';
import { describeError, pluralWord } from '../../shared/read.ts';
import { profileOf } from '../../shared/era-profile.ts';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

const PROBE_BODY = JSON.stringify({ jsonrpc: '2.0', id: 'mcp-lens-cors-probe', method: 'ping' });
const ACCEPT = 'application/json, text/event-stream';

/** Headers the browser adds a preflight for, in the order the client first sends them. */
const PROBED: Array<[string, string]> = [
  ['Mcp-Protocol-Version', profileOf('legacy').protocolVersion],
  ['Mcp-Session-Id', 'mcp-lens-cors-probe'],
];

function allowHeadersFor(customHeaders: string[]): string[] {
  const seen = new Set(MCP_ALLOW_HEADERS.map((h) => h.toLowerCase()));
  return [...MCP_ALLOW_HEADERS, ...customHeaders.filter((h) => !seen.has(h.toLowerCase()) && seen.add(h.toLowerCase()))];
}

async function passes(fetch: Fetch, url: string, headers: Record<string, string>): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'POST', mode: 'cors', credentials: 'omit', cache: 'no-store', headers, body: PROBE_BODY });
    await response.body?.cancel().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

export interface DiagnoseOptions {
  /** The `Mcp-Param-<Name>` headers the server's tools make a 2026-07-28 request carry, when known. */
  paramHeaders?: string[];
  /** Run because a person asked, not after a failure: finding nothing wrong is then the good answer. */
  onDemand?: boolean;
}

/**
 * Finds what the server's CORS setup refuses. `customHeaders` are the names of the user's extra headers.
 * What a 2025 request needs is checked first (it is what most failures are about); then what 2026-07-28
 * adds, all of it, so the fix names every header at once.
 */
export async function diagnoseCors(
  url: string,
  customHeaders: string[],
  fetch: Fetch,
  options: DiagnoseOptions = {},
): Promise<CorsDiagnosis> {
  const paramHeaders = options.paramHeaders ?? [];
  const allowHeaders = allowHeadersFor([...customHeaders, ...paramHeaders]);
  const base = { allowHeaders, exposeHeaders: MCP_EXPOSE_HEADERS };
  if (!(await passes(fetch, url, { 'Content-Type': 'text/plain' }))) {
    return {
      ...base,
      finding: 'no-allow-origin',
      sentence:
        "The server does not send Access-Control-Allow-Origin for this app's origin, not even on a simple request, so the browser hides all of its responses.",
    };
  }
  const json = { 'Content-Type': 'application/json', Accept: ACCEPT };
  if (!(await passes(fetch, url, json))) {
    return {
      ...base,
      finding: 'header-not-allowed',
      header: 'Content-Type',
      sentence:
        'The server does not answer the CORS preflight (OPTIONS) for a JSON POST: it must allow the Content-Type request header and answer OPTIONS with the CORS headers.',
    };
  }
  const probes: Array<[string, string]> = [...PROBED, ...customHeaders.map((name): [string, string] => [name, 'mcp-lens-cors-probe'])];
  for (const [name, value] of probes) {
    if (!(await passes(fetch, url, { ...json, [name]: value }))) {
      return {
        ...base,
        finding: 'header-not-allowed',
        header: name,
        sentence: `The server's CORS preflight does not allow the ${name} request header: add it to Access-Control-Allow-Headers.`,
      };
    }
  }
  const missing: string[] = [];
  for (const name of [...MODERN_REQUEST_HEADERS, ...paramHeaders]) {
    if (!(await passes(fetch, url, { ...json, [name]: name === 'Mcp-Method' ? 'ping' : 'mcp-lens-cors-probe' }))) missing.push(name);
  }
  if (missing.length > 0)
    return {
      ...base,
      finding: 'modern-headers-not-allowed',
      header: missing[0]!,
      missingHeaders: missing,
      sentence: modernSentence(missing, paramHeaders.length > 0),
    };
  if (options.onDemand) {
    return {
      ...base,
      finding: 'all-allowed',
      sentence: `The server's CORS setup allows every request header either protocol era sends from this origin${paramHeaders.length > 0 ? ` (${paramHeaders.join(', ')} included)` : ''}.`,
    };
  }
  return {
    ...base,
    finding: 'undetermined',
    sentence:
      'The browser blocked a response, yet every probe passed, so the server probably leaves the CORS headers off some responses (errors, the event stream, a redirect). A browser does not let a page see more; check the failing request in the devtools Network panel.',
  };
}

function modernSentence(missing: string[], paramsKnown: boolean): string {
  const list = missing.join(', ');
  const params = paramsKnown ? '' : ' (and one Mcp-Param-<Name> for each x-mcp-header its tools declare)';
  return `The server's CORS preflight allows what a 2025 request sends but not the request ${pluralWord(missing.length, 'header')} MCP 2026-07-28 adds: add ${list}${params} to Access-Control-Allow-Headers, or connect as 2025.`;
}

/**
 * After a successful initialize, a 400 or 404 on the very next request while we hold no session id means
 * the server keeps sessions but its Mcp-Session-Id header was not readable — from a browser, the server
 * did not list it in Access-Control-Expose-Headers.
 */
export function hiddenSessionIdError(
  initialized: boolean,
  sessionId: string | undefined,
  error: unknown,
  customHeaders: string[],
): EngineError | undefined {
  const status = (error as { data?: { status?: unknown } } | null)?.data?.status;
  if (!initialized || sessionId !== undefined || (status !== 400 && status !== 404)) return undefined;
  const diagnosis: CorsDiagnosis = {
    finding: 'header-not-exposed',
    header: 'Mcp-Session-Id',
    sentence:
      'The server accepted initialize but then refused the next request for lacking a session: its Mcp-Session-Id response header is not readable, so add Mcp-Session-Id to Access-Control-Expose-Headers.',
    allowHeaders: allowHeadersFor(customHeaders),
    exposeHeaders: MCP_EXPOSE_HEADERS,
  };
  return {
    code: 'cors',
    message: diagnosis.sentence,
    httpStatus: status,
    detail: describeError(error),
    cors: diagnosis,
  };
}
