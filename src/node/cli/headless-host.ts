/**
 * The headless host: what a person would do in the browser, done by a program. It follows the
 * authorization redirect itself (the authorization server is expected to approve without a page),
 * accepts elicitation forms with their defaults, and answers sampling with a fixed reply. The engine is
 * the same one the browser runs; only this host differs.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { AuthHost } from '../../engine/auth/session.ts';
import type { SessionExtension } from '../../engine/session/session.ts';
import { ownEntries } from '../../shared/own.ts';
import { checkNavigableUrl } from '../../shared/url.ts';

const MAX_HOPS = 5;

/**
 * Follows the authorization URL's redirects (each hop checked like a navigation) until one lands on the
 * redirect URL, and returns that URL: its query holds the code and state.
 */
export function headlessAuthHost(redirectUrl: string, fetchImpl: typeof fetch = fetch): AuthHost {
  const target = new URL(redirectUrl);
  return {
    async authorize({ url }, signal) {
      let current = url;
      for (let hop = 0; hop < MAX_HOPS; hop++) {
        const checked = checkNavigableUrl(current);
        if (!checked.ok) throw new Error(`Refused to follow ${current}: ${checked.reason}`);
        const response = await fetchImpl(checked.url, { redirect: 'manual', ...(signal && { signal }) });
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(
            `The authorization endpoint answered HTTP ${response.status} instead of redirecting; a person would have to approve in a browser.`,
          );
        }
        const next = new URL(location, checked.url);
        if (next.origin === target.origin && next.pathname === target.pathname) return next.href;
        current = next.href;
      }
      throw new Error(`The authorization did not come back to ${redirectUrl} within ${MAX_HOPS} redirects.`);
    },
  };
}

type Primitive = { type?: string; default?: unknown; enum?: unknown[]; oneOf?: Array<{ const?: unknown }> };

/**
 * The form as a person who accepts every default would submit it. Field names are the server's, so the
 * object is built from entries: a field named `__proto__` stays a field instead of replacing the prototype.
 */
export function formDefaults(schema: { properties?: Record<string, Primitive> } | undefined): Record<string, unknown> {
  const properties = typeof schema?.properties === 'object' && schema.properties !== null ? schema.properties : {};
  return ownEntries(
    Object.entries(properties).flatMap(([name, property]): Array<[string, unknown]> =>
      typeof property === 'object' && property !== null && property.default !== undefined ? [[name, property.default]] : [],
    ),
  );
}

const SAMPLING_REPLY = 'This is a fixed reply from the MCP Lens headless host.';

/** What the headless host answered a server's request: `--verbose` prints it, since no person saw it. */
export interface HostAnswer {
  method: 'elicitation/create' | 'sampling/createMessage';
  answer: unknown;
}

/**
 * Elicitation (form mode) and sampling, answered without a person, through the session extension seam.
 * Each answer also goes to `onAnswer`. Roots are not offered: a server's roots/list gets the SDK's error.
 */
export function headlessRequestAnswers(onAnswer: (answer: HostAnswer) => void = () => undefined): SessionExtension {
  const told = <T>(method: HostAnswer['method'], answer: T): T => {
    onAnswer({ method, answer });
    return answer;
  };
  return {
    capabilities: { elicitation: { form: {} }, sampling: {} },
    setup(client: Client) {
      client.setRequestHandler('elicitation/create', async (request) => {
        const params = request.params as { mode?: string; requestedSchema?: { properties?: Record<string, Primitive> } };
        if (params.mode !== undefined && params.mode !== 'form') return told('elicitation/create', { action: 'decline' as const });
        return told('elicitation/create', {
          action: 'accept' as const,
          content: formDefaults(params.requestedSchema) as Record<string, string | number | boolean | string[]>,
        });
      });
      client.setRequestHandler('sampling/createMessage', async () =>
        told('sampling/createMessage', {
          role: 'assistant' as const,
          content: { type: 'text' as const, text: SAMPLING_REPLY },
          model: 'mcp-lens-headless',
          stopReason: 'endTurn',
        }),
      );
    },
  };
}
