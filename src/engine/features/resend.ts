/**
 * A logged request sent again by hand, as it was or edited. It goes through the same SDK request path as
 * every other request, so the 2026-07-28 `_meta` envelope, the `Mcp-Method`/`Mcp-Name` headers and the
 * session's headers are the engine's as always; only the log entry's origin says so (call-marks.ts).
 */
import { boundJson } from '../../shared/bounds.ts';
import type { EngineError } from '../../shared/errors.ts';
import { isRecord } from '../../shared/read.ts';
import { checkDraft, type ResendApi, type ResendOrigin, type ResentOrigin } from '../../shared/resend.ts';
import { sameRequest } from '../wire/call-marks.ts';
import type { FeatureContext, Handlers } from './feature-context.ts';
import { paramHeaderValues } from '../../shared/mcp-param-headers.ts';
import type { Session } from '../session/session.ts';
import { rawRequest } from './paginate.ts';
import type { ToolIndex } from './tools.ts';

export function resendHandlers(ctx: FeatureContext, tools: ToolIndex): Handlers<ResendApi> {
  return {
    async resendRequest({ draft, from, edited }, signal, job) {
      const session = ctx.requireSession();
      // The UI checked the draft already; the engine checks again what crossed the boundary.
      const checked = checkDraft(isRecord(draft) ? draft : {});
      if (!checked.ok) throw { code: 'invalid-input', message: checked.problem } satisfies EngineError;
      const { method, params } = checked.draft;
      const headers = method === 'tools/call' ? mirroredHeaders(session, tools, params) : undefined;
      const resent = originOf(from);
      // The registry's job that re-sent it, by which it finds its line; called without one, the seq it repeats.
      const mark = {
        feature: 'resend',
        id: job ?? String(resent.fromSeq),
        ...(job !== undefined && { job }),
        ...resent,
        edited: edited === true,
      } as const;
      const started = ctx.clock.now();
      const result = await ctx.marked(mark, sameRequest(method, params), () =>
        rawRequest(session.client, method, params, { ...(signal && { signal }), ...(headers && { headers }) }),
      );
      return { result: boundJson(result), durationMs: ctx.clock.now() - started };
    },
  };
}

/** The logged request it came from, as far as the UI's word for it is well-formed (it only labels the log entry). */
function originOf(from: ResendOrigin | undefined): Pick<ResentOrigin, 'fromSeq' | 'fromId'> {
  const fromSeq = Number.isSafeInteger(from?.seq) ? from!.seq : 0;
  const id = from?.rpcId;
  return { fromSeq, ...((typeof id === 'number' || (typeof id === 'string' && id.length <= 200)) && { fromId: id }) };
}

/**
 * MCP 2026-07-28 (SEP-2243): a tools/call carries its tool's `x-mcp-header` arguments as `Mcp-Param-*` headers,
 * edited or not, exactly as the Tools tab sends them; a tool the listing excluded is not called.
 */
function mirroredHeaders(
  session: Session,
  tools: ToolIndex,
  params: Record<string, unknown> | undefined,
): Record<string, string> | undefined {
  if (!session.profile.paramHeaders || typeof params?.name !== 'string') return undefined;
  const tool = tools.get(session, params.name);
  if (tool?.excluded !== undefined) {
    throw {
      code: 'invalid-input',
      message: `MCP Lens does not call "${params.name}": ${tool.excluded}. MCP 2026-07-28 leaves such tools out; fix the tool's inputSchema on the server.`,
    } satisfies EngineError;
  }
  if (!tool?.paramHeaders) return undefined;
  const values = paramHeaderValues(tool.paramHeaders, isRecord(params.arguments) ? params.arguments : {});
  return Object.keys(values).length > 0 ? values : undefined;
}
