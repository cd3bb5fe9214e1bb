import { mcpKeys } from './keys.ts';
import { queryOptions } from '@tanstack/react-query';
import type { EngineClient } from '../bridge/index.ts';
import type { EngineError } from '../shared/errors.ts';
import type { IconResult } from '../shared/model.ts';

/**
 * An icon, fetched by the engine without credentials. Cached by source across sessions: the fetch carries
 * nothing of the session, so the same URL yields the same answer.
 */
export function iconQueryOptions(client: EngineClient, src: string) {
  return queryOptions<IconResult, EngineError>({
    queryKey: mcpKeys.icon(src),
    queryFn: ({ signal }) => client.call('fetchIcon', { src }, signal),
    gcTime: 60_000,
  });
}
