/**
 * What the CORS doctor found, and the fix for common server stacks. Pure: the engine fills in the
 * diagnosis, the UI renders the snippets with the app's own origin.
 */
import { scanParamHeaders } from './mcp-param-headers.ts';

type CorsFinding =
  /** Even the simplest request was blocked: no Access-Control-Allow-Origin for this origin. */
  | 'no-allow-origin'
  /** The preflight refused one request header. */
  | 'header-not-allowed'
  /**
   * The preflight allows what a 2025 request sends but not the headers 2026-07-28 adds (Mcp-Method,
   * Mcp-Name, Mcp-Param-*): a 2025-era allow-list. `missingHeaders` lists them.
   */
  | 'modern-headers-not-allowed'
  /** A response header the client needs is not readable. */
  | 'header-not-exposed'
  /** The browser does not let a page see more. */
  | 'undetermined'
  /** Asked for (not after a failure): every header either era sends is allowed. */
  | 'all-allowed';

export interface CorsDiagnosis {
  finding: CorsFinding;
  /** The header at fault, for `header-not-allowed` and `header-not-exposed` (the first one missing for `modern-headers-not-allowed`). */
  header?: string;
  /** For `modern-headers-not-allowed`: every modern request header the preflight refused, exactly as to add them. */
  missingHeaders?: string[];
  /** One sentence saying what is wrong. */
  sentence: string;
  /** Request headers the server must allow (ours plus the user's custom ones). */
  allowHeaders: string[];
  /** Response headers the server must expose. */
  exposeHeaders: string[];
}

/** What a 2026-07-28 request adds to a 2025 one; plus one `Mcp-Param-<Name>` per `x-mcp-header` a tool declares. */
export const MODERN_REQUEST_HEADERS = ['Mcp-Method', 'Mcp-Name'];
export const MCP_ALLOW_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  ...MODERN_REQUEST_HEADERS,
  'Last-Event-ID',
];
export const MCP_EXPOSE_HEADERS = ['Mcp-Session-Id', 'WWW-Authenticate'];
const MCP_METHODS = ['GET', 'POST', 'DELETE', 'OPTIONS'];

const MAX_PARAM_HEADERS = 32;

/**
 * The `Mcp-Param-<Name>` headers a server's tools make a 2026-07-28 client send (each `x-mcp-header`
 * on a top-level input property), deduplicated case-insensitively and bounded. Read defensively: the
 * tools are the server's.
 */
export function paramHeaderNames(tools: unknown): string[] {
  const names = new Map<string, string>();
  for (const tool of Array.isArray(tools) ? tools : []) {
    const scan = scanParamHeaders((tool as { inputSchema?: unknown } | null)?.inputSchema);
    for (const { name } of scan.ok ? scan.headers : []) {
      if (!names.has(name.toLowerCase()) && names.size < MAX_PARAM_HEADERS) names.set(name.toLowerCase(), `Mcp-Param-${name}`);
    }
  }
  return [...names.values()];
}

export interface CorsFix {
  stack: string;
  language: string;
  code: string;
}

const list = (items: string[], quote = "'") => items.map((item) => `${quote}${item}${quote}`).join(', ');

/** Past this, a line of a fix no longer fits its panel at 1280 px, so a long list is filled onto lines of its own. */
const FIX_LINE_CHARS = 72;

/** Quoted items filled onto lines of at most FIX_LINE_CHARS, each starting with `indent`. */
function filled(items: string[], quote: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items.map((name) => `${quote}${name}${quote},`)) {
    if (line !== '' && indent.length + line.length + 1 + item.length > FIX_LINE_CHARS) {
      lines.push(`${indent}${line}`);
      line = '';
    }
    line = line === '' ? item : `${line} ${item}`;
  }
  if (line !== '') lines.push(`${indent}${line}`);
  return lines;
}

/** An array literal for a fix: on its line (`indent` + `key` + the list) when it fits, else filled onto lines below. */
function array(indent: string, key: string, items: string[], quote = "'"): string {
  const inline = `${indent}${key}[${list(items, quote)}],`;
  if (inline.length <= FIX_LINE_CHARS) return inline;
  return [`${indent}${key}[`, ...filled(items, quote, `${indent}  `), `${indent}],`].join('\n');
}

/** A header listing names, for a headers object: a string when it fits, else an array joined, filled onto lines. */
function joined(header: string, items: string[]): string {
  const inline = `  '${header}': '${items.join(', ')}',`;
  if (inline.length <= FIX_LINE_CHARS) return inline;
  return [`  '${header}': [`, ...filled(items, "'", '    '), `  ].join(', '),`].join('\n');
}

/** Copyable fixes for the stacks MCP servers are most often built on. `origin` is this app's origin. */
export function corsFixes(diagnosis: Pick<CorsDiagnosis, 'allowHeaders' | 'exposeHeaders'>, origin: string): CorsFix[] {
  const allow = diagnosis.allowHeaders;
  const expose = diagnosis.exposeHeaders;
  return [
    {
      stack: 'Express (cors)',
      language: 'js',
      code: `import cors from 'cors';

app.use(cors({
  origin: '${origin}',
${array('  ', 'methods: ', MCP_METHODS)}
${array('  ', 'allowedHeaders: ', allow)}
${array('  ', 'exposedHeaders: ', expose)}
}));`,
    },
    {
      stack: 'Hono',
      language: 'ts',
      code: `import { cors } from 'hono/cors';

app.use('*', cors({
  origin: '${origin}',
${array('  ', 'allowMethods: ', MCP_METHODS)}
${array('  ', 'allowHeaders: ', allow)}
${array('  ', 'exposeHeaders: ', expose)}
}));`,
    },
    {
      stack: 'Starlette / FastMCP',
      language: 'python',
      code: `from starlette.middleware.cors import CORSMiddleware

app = mcp.streamable_http_app()  # or mcp.http_app() in FastMCP 2
app.add_middleware(
    CORSMiddleware,
    allow_origins=["${origin}"],
${array('    ', 'allow_methods=', MCP_METHODS, '"')}
${array('    ', 'allow_headers=', allow, '"')}
${array('    ', 'expose_headers=', expose, '"')}
)`,
    },
    {
      stack: 'Cloudflare Workers',
      language: 'js',
      code: `const CORS = {
  'Access-Control-Allow-Origin': '${origin}',
  'Access-Control-Allow-Methods': '${MCP_METHODS.join(', ')}',
${joined('Access-Control-Allow-Headers', allow)}
${joined('Access-Control-Expose-Headers', expose)}
  'Vary': 'Origin',
};

export default {
  async fetch(request, env, ctx) {
    if (request.method === 'OPTIONS') {
      return new Response(null, { status: 204, headers: CORS });
    }
    const response = await handleMcp(request, env, ctx);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(CORS)) headers.set(name, value);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
};`,
    },
  ];
}
