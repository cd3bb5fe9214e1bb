import { useEffect } from 'react';
import { OAUTH_CALLBACK_CHANNEL, OAUTH_CALLBACK_MESSAGE, OAUTH_CALLBACK_RECEIVED, type OAuthCallbackMessage } from '../../shared/auth.ts';

/**
 * Listens for the callback page (popup or new tab) reporting the redirect. BroadcastChannel only connects
 * same-origin documents; on top of that the URL must be exactly our callback page. `route` says whether a
 * sign-in in this tab took the callback: only then is the callback page told it arrived, so another tab of
 * MCP Lens waiting on it still gets it.
 */
export function useOAuthCallback(redirectUrl: string, route: (callbackUrl: string) => boolean) {
  useEffect(() => {
    const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
    const expected = new URL(redirectUrl);
    channel.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== OAUTH_CALLBACK_MESSAGE || typeof data.url !== 'string') return;
      let url: URL;
      try {
        url = new URL(data.url);
      } catch {
        return;
      }
      if (url.origin !== window.location.origin || url.origin !== expected.origin || url.pathname !== expected.pathname) return;
      if (route(url.href)) channel.postMessage({ type: OAUTH_CALLBACK_RECEIVED } satisfies OAuthCallbackMessage);
    });
    return () => channel.close();
  }, [redirectUrl, route]);
}
