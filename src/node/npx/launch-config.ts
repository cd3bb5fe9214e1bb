/**
 * `--config <file> --server <name>`: one server from an MCP client's config file, to start and connect to.
 * Claude Desktop and Cursor keep them under `mcpServers`, VS Code under `servers` (`.vscode/mcp.json`, with
 * `inputs` it asks for) or `mcp.servers` (its settings.json). Unlike the app's import
 * (src/app/saved-servers/server-config.ts), which keeps names only, this reads the values too: the person
 * asked this command to run that server, on their machine, as their client would.
 */
import { dirname, resolve } from 'node:path';

import { ownValue } from '../../shared/own.ts';
import { isRecord } from '../../shared/read.ts';
import { UsageError } from '../command/framework.ts';

/** What a config entry starts: a command (its `env` over this process's), or a URL to connect to. */
export type LaunchTarget =
  { kind: 'stdio'; command: string; args: string[]; env: Record<string, string> } | { kind: 'http'; url: URL; headerNames: string[] };

/** One of VS Code's `inputs`: a value it asks the person for when the server starts. */
export interface ConfigInput {
  id: string;
  description: string;
  password: boolean;
}

export interface ConfigContext {
  /** The config file's path, as given: named in every error. */
  path: string;
  /** The environment `${env:NAME}` reads. */
  env: Record<string, string | undefined>;
  /** The home folder, for `${userHome}` and a leading `~`. */
  home: string;
  /** Asks for an input's value at a terminal; absent when there is none to ask at. */
  ask?(input: ConfigInput): Promise<string>;
}

/**
 * Reads the server `name` from a config file's text. Throws UsageError, worded for the person: the file is
 * not JSON (its path and the parser's message), it holds no servers, it has no server by that name (the
 * names it has), or the entry has neither a command nor a url.
 */
export async function launchTargetFromConfig(text: string, name: string, context: ConfigContext): Promise<LaunchTarget> {
  let root: unknown;
  try {
    root = JSON.parse(withoutComments(text));
  } catch (error) {
    throw new UsageError(`${context.path} is not valid JSON: ${(error as Error).message}.`);
  }
  const table = serverTable(root);
  if (!table)
    throw new UsageError(
      `${context.path} holds no servers: expected "mcpServers" (Claude Desktop, Cursor), "servers" (VS Code's mcp.json) or "mcp": {"servers": …} (VS Code's settings).`,
    );
  const entry = ownValue(table, name);
  const names = Object.keys(table);
  if (entry === undefined)
    throw new UsageError(
      names.length === 0
        ? `${context.path} lists no servers, so none is called "${name}".`
        : `${context.path} has no server "${name}". Its servers: ${names.map((n) => `"${n}"`).join(', ')}.`,
    );
  if (!isRecord(entry)) throw new UsageError(`The server "${name}" in ${context.path} is not an object.`);

  const inputs = readInputs(isRecord(root) ? ownValue(root, 'inputs') : undefined);
  const asked = new Map<string, string>();
  const expand = async (value: string, field: string): Promise<string> => {
    let out = '';
    let last = 0;
    for (const match of value.matchAll(/\$\{([^}]*)\}/g)) {
      out += value.slice(last, match.index) + (await variable(match[1]!, field));
      last = match.index + match[0].length;
    }
    return (out + value.slice(last)).replace(/^~(?=$|[/\\])/, context.home);
  };
  const variable = async (ref: string, field: string): Promise<string> => {
    if (ref === 'userHome') return context.home;
    if (ref === 'workspaceFolder') return workspaceFolderOf(context.path);
    if (ref.startsWith('env:')) return context.env[ref.slice(4)] ?? '';
    if (ref.startsWith('input:')) {
      const id = ref.slice(6);
      const known = asked.get(id);
      if (known !== undefined) return known;
      const input = inputs.find((i) => i.id === id) ?? { id, description: id, password: false };
      if (!context.ask)
        throw new UsageError(
          `The server "${name}" needs \${input:${id}} (${input.description}) in its ${field}, which is asked for at a terminal, and there is none. Run this in a terminal, or write the value into a copy of the config.`,
        );
      const answer = await context.ask(input);
      asked.set(id, answer);
      return answer;
    }
    throw new UsageError(
      `The server "${name}" in ${context.path} uses \${${ref}} in its ${field}, which MCP Lens does not know how to fill in.`,
    );
  };

  const command = ownValue(entry, 'command');
  const url = ownValue(entry, 'url') ?? ownValue(entry, 'serverUrl');
  if (typeof command === 'string' && command.trim() !== '') {
    const args = ownValue(entry, 'args') ?? [];
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))
      throw new UsageError(`The server "${name}" in ${context.path}: "args" must be a list of strings.`);
    const env = ownValue(entry, 'env') ?? {};
    if (!isRecord(env) || !Object.values(env).every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
      throw new UsageError(`The server "${name}" in ${context.path}: "env" must map names to strings.`);
    if (ownValue(entry, 'envFile') !== undefined)
      throw new UsageError(
        `The server "${name}" in ${context.path} reads an "envFile", which MCP Lens does not read: pass its values with -e KEY=VALUE.`,
      );
    const expandedEnv: Record<string, string> = {};
    for (const [key, value] of Object.entries(env)) expandedEnv[key] = await expand(String(value), `env ${key}`);
    const expandedArgs: string[] = [];
    for (const arg of args) expandedArgs.push(await expand(arg, 'args'));
    return { kind: 'stdio', command: await expand(command, 'command'), args: expandedArgs, env: expandedEnv };
  }
  if (typeof url === 'string' && url.trim() !== '') {
    const expanded = await expand(url.trim(), 'url');
    if (!URL.canParse(expanded) || !/^https?:$/.test(new URL(expanded).protocol))
      throw new UsageError(`The server "${name}" in ${context.path}: its url "${expanded}" is not an http(s) URL.`);
    const headers = ownValue(entry, 'headers');
    return { kind: 'http', url: new URL(expanded), headerNames: isRecord(headers) ? Object.keys(headers) : [] };
  }
  throw new UsageError(`The server "${name}" in ${context.path} has neither a "command" (a stdio server) nor a "url" (an HTTP server).`);
}

function serverTable(root: unknown): Record<string, unknown> | undefined {
  if (!isRecord(root)) return undefined;
  const mcp = ownValue(root, 'mcp');
  const candidates = [ownValue(root, 'mcpServers'), ownValue(root, 'servers'), isRecord(mcp) ? ownValue(mcp, 'servers') : undefined];
  return candidates.find(isRecord);
}

function readInputs(raw: unknown): ConfigInput[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).flatMap((input) => {
    const id = ownValue(input, 'id');
    if (typeof id !== 'string') return [];
    const description = ownValue(input, 'description');
    return [{ id, description: typeof description === 'string' ? description : id, password: ownValue(input, 'password') === true }];
  });
}

/** `.vscode/mcp.json`'s workspace is the folder that holds `.vscode`; any other file's, its own folder. */
function workspaceFolderOf(path: string): string {
  const folder = dirname(resolve(path));
  return /[/\\]\.vscode$/.test(folder) ? dirname(folder) : folder;
}

/**
 * JSON with comments and trailing commas (VS Code's files) as plain JSON: each comment and trailing comma
 * becomes spaces, line breaks kept, so the parser's positions still point into the file as written.
 */
export function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  const blank = (part: string) => part.replace(/[^\n\r]/g, ' ');
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else {
      // A trailing comma: the next thing past whitespace closes the object or the list.
      closing.lastIndex = i + 1;
      out += c === ',' && closing.test(text) ? ' ' : c;
      i++;
    }
  }
  return out;
}

const closing = /\s*[}\]]/y;
