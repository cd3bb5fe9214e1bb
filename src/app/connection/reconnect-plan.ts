/**
 * What "Connect" while connected would change, for the question it asks (src/ui/connect/ReconnectQuestion.tsx):
 * the bar is a draft the person may have edited since the session started, so the question says what differs
 * from what is live, and names the server each answer goes to.
 */
import type { TransportChoice } from '../../shared/model.ts';
import { eraChoiceLabel } from '../../shared/era-profile.ts';
import { checkServerUrl } from '../../shared/url.ts';
import type { ConnectionState } from '../../state/index.ts';
import { usableHeaders } from './header-pairs.ts';

const TRANSPORT_WORDS: Record<TransportChoice, string> = { auto: 'Auto', 'streamable-http': 'Streamable HTTP', sse: 'legacy SSE' };

export interface ReconnectPlan {
  /** The URL the live session talks to. */
  from: string;
  /** The URL both answers would connect to: what the bar holds. */
  to: string;
  /** The URL differs from the live one. */
  urlChanged: boolean;
  /** Other settings that differ, in words ("The headers changed."); never a header's value. */
  otherChanges: string[];
}

export function reconnectPlan({ summary, lastSent, input }: Pick<ConnectionState, 'summary' | 'lastSent' | 'input'>): ReconnectPlan {
  const live = lastSent ?? input;
  const from = normal(summary?.url ?? live.url);
  const to = normal(input.url);
  const otherChanges: string[] = [];
  if (JSON.stringify(usableHeaders(live.headers)) !== JSON.stringify(usableHeaders(input.headers)))
    otherChanges.push('The headers changed.');
  if (live.transport !== input.transport)
    otherChanges.push(`The transport changed from ${TRANSPORT_WORDS[live.transport]} to ${TRANSPORT_WORDS[input.transport]}.`);
  if (live.era !== input.era) otherChanges.push(`The protocol changed from ${eraChoiceLabel(live.era)} to ${eraChoiceLabel(input.era)}.`);
  return { from, to, urlChanged: from !== to, otherChanges };
}

/** A URL as a button names it: host and path, without user info, query or fragment (no credential on a button). */
export function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

function normal(url: string): string {
  const checked = checkServerUrl(url);
  return checked.ok ? checked.url : url.trim();
}
