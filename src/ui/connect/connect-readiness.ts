import { headerProblems } from '../../app/connection/header-pairs.ts';
import type { ConnectionPhase } from '../../shared/events.ts';
import { checkServerUrl } from '../../shared/url.ts';

/**
 * Whether Connect may be pressed, and why not: the toolbar's Connect and the failure panel's "Connect as
 * 2025" ask the same question, so one function answers it for both.
 */
export function connectReadiness(input: { url: string; headers: Parameters<typeof headerProblems>[0] }, phase: ConnectionPhase) {
  const urlCheck = checkServerUrl(input.url);
  const headersInvalid = headerProblems(input.headers).length > 0;
  return { urlCheck, headersInvalid, canConnect: urlCheck.ok && !headersInvalid && phase !== 'connecting' };
}
