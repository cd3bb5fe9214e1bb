/** Reads a `ui://` resource and picks the app document out of it, with the policy it declares. */
import { useQuery } from '@tanstack/react-query';
import type { AppResourceMeta } from '../../shared/apps.ts';
import { appSourceOf, type AppSourceState } from './app-source.ts';
import { useScope } from '../services.tsx';

/** `listed` is what the resource's list entry declares; the read's own `_meta.ui` wins, as the spec says. */
export function useAppSource(uri: string, listed?: AppResourceMeta): AppSourceState {
  const { queries } = useScope();
  const read = useQuery(queries.readResource(uri));
  if (read.isPending) return { status: 'loading' };
  if (read.error) return { status: 'error', error: read.error };
  return appSourceOf(uri, read.data, listed);
}
