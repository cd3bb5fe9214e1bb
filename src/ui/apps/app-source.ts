/** The app document in a `resources/read` result, or why there is none to run. Framework-free. */
import { isAppMimeType, readAppResourceMeta, type AppResourceMeta } from '../../shared/apps.ts';
import type { EngineError } from '../../shared/errors.ts';
import { MAX_RESOURCE_TEXT, type ResourceReadResult } from '../../shared/resources-api.ts';
import type { AppSource } from './app-host.ts';
import { formatCount } from '../../shared/read.ts';

export type AppSourceState = { status: 'loading' } | { status: 'error'; error: EngineError } | { status: 'ready'; app: AppSource };

/** No declared policy at all: the strictest, no network. */
const NOTHING_DECLARED: AppResourceMeta = readAppResourceMeta(undefined).meta;

const megabytes = (characters: number) => `${(characters / 1_000_000).toFixed(1).replace(/\.0$/, '')} MB`;

/**
 * The app document in a read, or why there is none to run. A document the engine cut to its bound is never
 * run: half an app is a different program (its closing markup, its last scripts are gone), and it would fail
 * silently or oddly.
 */
export function appSourceOf(uri: string, read: Pick<ResourceReadResult, 'contents'>, listed?: AppResourceMeta): AppSourceState {
  const content = read.contents.find((c) => isAppMimeType(c.mimeType) && c.text !== undefined) ?? read.contents.find((c) => c.text);
  if (content?.text === undefined) {
    return {
      status: 'error',
      error: { code: 'protocol', message: `${uri} has no HTML text to run (an MCP App is text/html;profile=mcp-app).` },
    };
  }
  if (content.textTruncatedFrom !== undefined) {
    return {
      status: 'error',
      error: {
        code: 'bad-response',
        message: `This app is too large to run (${megabytes(content.textTruncatedFrom)}, limit ${megabytes(MAX_RESOURCE_TEXT)}): MCP Lens keeps at most ${formatCount(MAX_RESOURCE_TEXT)} characters of a resource and does not run a cut app. Make the server's app smaller (load data with tool calls rather than inlining it).`,
      },
    };
  }
  return { status: 'ready', app: { uri, html: content.text, meta: content.app ?? listed ?? NOTHING_DECLARED } };
}
