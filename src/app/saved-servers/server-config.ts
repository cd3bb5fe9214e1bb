/**
 * The MCP client configs people already have, read and written without running or fetching anything:
 * `mcpServers` (Claude Desktop, Claude Code's .mcp.json, Cursor, Windsurf), `servers` (VS Code's mcp.json)
 * and `mcp.servers` (VS Code's settings.json). A pasted config is untrusted input: every field is
 * type-checked, every size bounded, and names are read as own keys only (see own.ts).
 */
import type { TransportChoice } from '../../shared/model.ts';
import { ownValue } from '../../shared/own.ts';
import { describeError, formatCount, isRecord } from '../../shared/read.ts';
import { relayAdvice, type LensContext, type RelayAdvice } from '../../shared/relay.ts';

/** A pasted or dropped config larger than this is refused before it is parsed. */
export const MAX_CONFIG_CHARS = 1_000_000;
/** Entries read from one config; the rest are reported, not silently dropped. */
export const MAX_CONFIG_ENTRIES = 200;
const MAX_NAME_CHARS = 200;
const MAX_URL_CHARS = 4096;
const MAX_ARGS = 100;
const MAX_ARG_CHARS = 4096;
const MAX_HEADERS = 32;

/** A remote entry, ready to become a saved server. Header values are never imported: names only. */
interface ImportedServer {
  name: string;
  url: string;
  transport: TransportChoice;
  headerNames: string[];
}

/** A local (stdio) entry: a browser cannot start a process, the relay can. Env values are not kept. */
export interface StdioEntry {
  name: string;
  command: string;
  args: string[];
  envNames: string[];
}

export interface ParsedConfig {
  servers: ImportedServer[];
  stdio: StdioEntry[];
  /** What was skipped and why, one line each, phrased as what to fix. */
  problems: string[];
}

type Json = Record<string, unknown>;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Reads a config's text. Never throws: a config that cannot be read comes back with one problem. */
export function parseServerConfig(text: string): ParsedConfig {
  const empty = (problem: string): ParsedConfig => ({ servers: [], stdio: [], problems: [problem] });
  if (text.length > MAX_CONFIG_CHARS)
    return empty(`The config is ${formatCount(text.length)} characters; configs up to ${formatCount(MAX_CONFIG_CHARS)} are read.`);
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    return empty(`This is not JSON (${describeError(error)}). Paste the whole file, braces included.`);
  }
  const table = serverTable(root);
  if (!table) return empty('No servers found: expected an "mcpServers" object (Claude, Cursor) or a "servers" object (VS Code).');

  const parsed: ParsedConfig = { servers: [], stdio: [], problems: [] };
  const names = Object.keys(table);
  if (names.length > MAX_CONFIG_ENTRIES) parsed.problems.push(`Only the first ${MAX_CONFIG_ENTRIES} of ${names.length} servers were read.`);
  for (const rawName of names.slice(0, MAX_CONFIG_ENTRIES)) {
    const name = clip(rawName.trim(), MAX_NAME_CHARS) || 'unnamed';
    const entry = ownValue(table, rawName);
    if (!isRecord(entry)) {
      parsed.problems.push(`${name}: not an object, skipped.`);
      continue;
    }
    const read = readEntry(name, entry);
    if (typeof read === 'string') parsed.problems.push(`${name}: ${read}`);
    else if ('command' in read) parsed.stdio.push(read);
    else parsed.servers.push(read);
  }
  return parsed;
}

function serverTable(root: unknown): Json | undefined {
  if (!isRecord(root)) return undefined;
  const mcp = ownValue(root, 'mcp');
  const candidates = [ownValue(root, 'mcpServers'), ownValue(root, 'servers'), isRecord(mcp) ? ownValue(mcp, 'servers') : undefined];
  return candidates.find(isRecord);
}

function readEntry(name: string, entry: Json): ImportedServer | StdioEntry | string {
  const command = ownValue(entry, 'command');
  if (typeof command === 'string' && command.trim() !== '') {
    const args = ownValue(entry, 'args');
    const env = ownValue(entry, 'env');
    return {
      name,
      command: clip(command, MAX_ARG_CHARS),
      args: Array.isArray(args)
        ? args
            .slice(0, MAX_ARGS)
            .filter((arg) => typeof arg === 'string')
            .map((arg) => clip(arg, MAX_ARG_CHARS))
        : [],
      envNames: isRecord(env) ? Object.keys(env).slice(0, MAX_HEADERS) : [],
    };
  }
  // Windsurf calls it serverUrl.
  const url = ownValue(entry, 'url') ?? ownValue(entry, 'serverUrl');
  if (typeof url !== 'string' || url.trim() === '') return 'neither a "url" nor a "command", skipped.';
  if (url.length > MAX_URL_CHARS) return `the URL is longer than ${MAX_URL_CHARS} characters, skipped.`;
  const transport = transportOf(ownValue(entry, 'type') ?? ownValue(entry, 'transport'));
  if (transport === undefined) return 'its "type" is neither http nor sse, skipped.';
  const headers = ownValue(entry, 'headers');
  return { name, url: url.trim(), transport, headerNames: isRecord(headers) ? Object.keys(headers).slice(0, MAX_HEADERS) : [] };
}

function transportOf(type: unknown): TransportChoice | undefined {
  if (type === undefined) return 'auto';
  if (typeof type !== 'string') return undefined;
  const normalized = type.toLowerCase().replace(/[-_]/g, '');
  if (normalized === 'http' || normalized === 'streamablehttp') return 'streamable-http';
  if (normalized === 'sse') return 'sse';
  return undefined;
}

/**
 * The relay command that serves a stdio server over HTTP on this machine, for the app at `appUrl` to reach,
 * in the form that works where that app came from (`relayAdvice`, src/shared/relay.ts).
 */
export function stdioRelayAdvice(entry: Pick<StdioEntry, 'command' | 'args'>, context: LensContext, appUrl: string): RelayAdvice {
  return relayAdvice(context, appUrl, ['--', entry.command, ...entry.args]);
}
