/**
 * server-sse-multiple-streams (SEP-1699): a client may have several requests open at once, each answered on
 * its own POST. Every concurrent POST must be served (fail otherwise); each answer that came as an event
 * stream must carry its response, a `data:` line with the JSON-RPC response to that POST's request (fail
 * when none did, warning when only some did): a stream without one leaves its client waiting for ever.
 * Answers as plain JSON are fine: streaming is the server's choice.
 */
import { isRecord } from '../../../shared/read.ts';
import { isEventStream } from '../probe.ts';
import { isSuccess, type Probed } from '../probed.ts';
import { fail, note, pass, warn, type Finding } from './findings.ts';

const isStream = (probed: Probed) => isEventStream(probed.response?.headers['content-type']);

/** The id of the request a probe sent, if its body was one. */
function requestId(probed: Probed): unknown {
  try {
    const body: unknown = JSON.parse(probed.request.body ?? '');
    return isRecord(body) ? body.id : undefined;
  } catch {
    return undefined;
  }
}

/** A stream works when one of its events' data is the response to this POST's own request. */
const carriesItsResponse = (probed: Probed) => probed.rpc !== undefined && probed.rpc.id === requestId(probed);

export function judgeConcurrentPosts(posts: readonly Probed[]): Finding[] {
  const findings: Finding[] = [];
  const refused = posts.filter((p) => !isSuccess(p));
  if (refused.length > 0) {
    const statuses = posts.map((p) => (p.response ? String(p.response.status) : 'no answer')).join(', ');
    findings.push(
      fail(
        `${refused.length} of ${posts.length} concurrent POSTs were refused (statuses ${statuses}); a server must serve each request on its own POST.`,
      ),
    );
  }
  const streams = posts.filter((p) => isSuccess(p) && isStream(p));
  const working = streams.filter(carriesItsResponse);
  if (streams.length === 0) findings.push(note('Every answer came as plain JSON: streaming is optional, so there was no stream to judge.'));
  else if (working.length === 0)
    findings.push(
      fail(
        `None of the ${streams.length} event streams carried its response (a data: line with the JSON-RPC response to its request); a client reading them never gets an answer.`,
      ),
    );
  else if (working.length < streams.length)
    findings.push(
      warn(
        `Only ${working.length} of ${streams.length} event streams carried their response (a data: line with the JSON-RPC response to its request).`,
      ),
    );
  if (findings.every((f) => f.verdict === 'note'))
    findings.unshift(
      pass(`All ${posts.length} concurrent POSTs were served${streams.length > 0 ? `, ${streams.length} as working event streams` : ''}.`),
    );
  return findings;
}
