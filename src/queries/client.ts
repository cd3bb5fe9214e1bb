import { QueryClient } from '@tanstack/react-query';

/**
 * An inspector should show failures, not hide them behind retries; the browser's online flag says nothing
 * about a server on localhost; and lists change only when the server says so (list_changed invalidates).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, networkMode: 'always', staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
