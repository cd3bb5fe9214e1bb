/**
 * One step of a collection run, sent on the session and marked as the step's in the log. A tools/call goes
 * through the Tools tab's handler (its deadlines, `Mcp-Param-*` headers and verdict), unmarked there, so the
 * mark announced here is the one its frame claims; any other request is checked and sent as "Send again"
 * sends one (features/resend.ts), through the same SDK request path as every other request.
 */
import { boundJson } from '../../shared/bounds.ts';
import type { CollectionApi } from '../../shared/collection/collection-api.ts';
import type { ToolsApi } from '../../shared/boundary.ts';
import type { EngineError } from '../../shared/errors.ts';
import { isRecord } from '../../shared/read.ts';
import { checkDraft } from '../../shared/resend.ts';
import { requestWith, sameRequest } from '../wire/call-marks.ts';
import type { FeatureContext, Handlers } from '../features/feature-context.ts';
import { rawRequest } from '../features/paginate.ts';

export function collectionHandlers(ctx: FeatureContext, callTool: Handlers<ToolsApi>['callTool']): Handlers<CollectionApi> {
  return {
    async sendCollectionStep({ method, params, step }, signal, job) {
      const session = ctx.requireSession();
      const mark = { feature: 'collections', id: String(step).slice(0, 200), ...(job !== undefined && { job }) } as const;
      if (method === 'tools/call' && isRecord(params) && typeof params.name === 'string') {
        const call = { name: params.name, arguments: isRecord(params.arguments) ? params.arguments : {} };
        const outcome = await ctx.marked(mark, requestWith('tools/call', call), () => callTool(call, signal));
        return { kind: 'tool', outcome };
      }
      const checked = checkDraft({ method, ...(params !== undefined && { params }) });
      if (!checked.ok) throw { code: 'invalid-input', message: checked.problem } satisfies EngineError;
      const draft = checked.draft;
      const result = await ctx.marked(mark, sameRequest(draft.method, draft.params), () =>
        rawRequest(session.client, draft.method, draft.params, { ...(signal && { signal }) }),
      );
      return { kind: 'result', result: boundJson(result) };
    },
  };
}
