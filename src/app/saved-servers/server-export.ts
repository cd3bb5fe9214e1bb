/**
 * A saved server as each client wants it: the JSON entry for its config file, or the command that adds it.
 * Never with a secret value: headers and the URL's credential parameters carry a placeholder the user replaces
 * where the client keeps secrets.
 */
import type { TransportChoice } from '../../shared/model.ts';
import { ownEntries } from '../../shared/own.ts';
import { urlWithPlaceholders } from '../../shared/redact.ts';
import { shellWord } from '../../shared/shell.ts';

export interface ExportableServer {
  name: string;
  url: string;
  transport: TransportChoice;
  headerNames: readonly string[];
}

export interface Snippet {
  /** The client, as a person names it. */
  client: string;
  /** Where it goes. */
  where: string;
  text: string;
}

/** What stands in for a header's value in every export. */
export const placeholderFor = (headerName: string) => `<your ${headerName}>`;

/** What stands in for a URL's credential parameter in every export (URL-safe, unlike a header's). */
const urlPlaceholderFor = (param: string) => `YOUR_${param.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

export function exportSnippets(exported: ExportableServer): Snippet[] {
  // A credential in the URL is a secret like a header value: the snippet carries a placeholder, never it.
  const server = { ...exported, url: urlWithPlaceholders(exported.url, urlPlaceholderFor) };
  const type = server.transport === 'sse' ? 'sse' : 'http';
  const headers = ownEntries(server.headerNames.map((name) => [name, placeholderFor(name)] as const));
  const withHeaders = server.headerNames.length > 0 ? { headers } : {};
  const entry = (fields: Record<string, unknown>) => JSON.stringify(fields, null, 2);
  const one = (key: string, value: Record<string, unknown>) => entry({ [key]: ownEntries([[server.name, value]]) });
  const headerFlags = server.headerNames.flatMap((name) => ['--header', `${name}: ${placeholderFor(name)}`]);
  return [
    {
      client: 'Claude Code',
      where: 'command line',
      text: ['claude', 'mcp', 'add', '--transport', type, server.name, server.url, ...headerFlags].map(shellWord).join(' '),
    },
    { client: 'Claude Code', where: '.mcp.json', text: one('mcpServers', { type, url: server.url, ...withHeaders }) },
    { client: 'Cursor', where: '.cursor/mcp.json', text: one('mcpServers', { url: server.url, ...withHeaders }) },
    { client: 'VS Code', where: '.vscode/mcp.json', text: one('servers', { type, url: server.url, ...withHeaders }) },
    {
      // Claude Desktop's config file starts local processes; mcp-remote is the usual bridge to a remote server.
      client: 'Claude Desktop',
      where: 'claude_desktop_config.json',
      text: one('mcpServers', {
        command: 'npx',
        args: ['-y', 'mcp-remote', server.url, ...server.headerNames.flatMap((name) => ['--header', `${name}:${placeholderFor(name)}`])],
      }),
    },
  ];
}
