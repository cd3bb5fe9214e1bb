/** Reads a `ui://` resource and picks the app document out of it, with the policy it declares. */
import { useQuery } from '@tanstack/react-query';
import { readResourceQueryOptions } from '../../queries/index.ts';
import { isAppMimeType, readAppResourceMeta, type AppResourceMeta } from '../../shared/apps.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { AppSource } from './app-host.ts';
import { useScope } from '../services.tsx';

export type AppSourceState = { status: 'loading' } | { status: 'error'; error: EngineError } | { status: 'ready'; app: AppSource };

/** No declared policy at all: the strictest, no network. */
const NOTHING_DECLARED: AppResourceMeta = readAppResourceMeta(undefined).meta;

/** `listed` is what the resource's list entry declares; the read's own `_meta.ui` wins, as the spec says. */
export function useAppSource(uri: string, listed?: AppResourceMeta): AppSourceState {
  const { client, key } = useScope();
  const read = useQuery(readResourceQueryOptions(client, key, uri));
  if (read.isPending) return { status: 'loading' };
  if (read.error) return { status: 'error', error: read.error };
  const content =
    read.data.contents.find((c) => isAppMimeType(c.mimeType) && c.text !== undefined) ?? read.data.contents.find((c) => c.text);
  if (content?.text === undefined) {
    return {
      status: 'error',
      error: { code: 'protocol', message: `${uri} has no HTML text to run (an MCP App is text/html;profile=mcp-app).` },
    };
  }
  return { status: 'ready', app: { uri, html: content.text, meta: content.app ?? listed ?? NOTHING_DECLARED } };
}
