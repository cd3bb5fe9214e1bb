/**
 * A logged request sent again by hand, as it was or edited. It goes through the same SDK request path as
 * every other request, so the 2026-07-28 `_meta` envelope, the `Mcp-Method`/`Mcp-Name` headers and the
 * session's headers are the engine's as always; only the log entry is marked (call-marks.ts).
 */
import { boundJson } from '../../shared/bounds.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { MessageEntry } from '../../shared/events.ts';
import { isRecord } from '../../shared/read.ts';
import { checkDraft, type ResendApi, type ResendOrigin } from '../../shared/resend.ts';
import { sameRequest } from '../call-marks.ts';
import type { FeatureContext, Handlers } from '../feature-context.ts';
import { rawRequest } from './paginate.ts';

export function resendHandlers(ctx: FeatureContext): Handlers<ResendApi> {
  return {
    async resendRequest({ draft, from, edited }, signal) {
      const { client } = ctx.requireSession();
      // The UI checked the draft already; the engine checks again what crossed the boundary.
      const checked = checkDraft(isRecord(draft) ? draft : {});
      if (!checked.ok) throw { code: 'invalid-input', message: checked.problem } satisfies EngineError;
      const { method, params } = checked.draft;
      const mark = { resent: { ...originOf(from), edited: edited === true } };
      const started = ctx.clock.now();
      const result = await ctx.marked(mark, sameRequest(method, params), () =>
        rawRequest(client, method, params, { ...(signal && { signal }) }),
      );
      return { result: boundJson(result), durationMs: ctx.clock.now() - started };
    },
  };
}

/** The logged request it came from, as far as the UI's word for it is well-formed (it only labels the log entry). */
function originOf(from: ResendOrigin | undefined): Pick<NonNullable<MessageEntry['resent']>, 'fromSeq' | 'fromId'> {
  const fromSeq = Number.isSafeInteger(from?.seq) ? from!.seq : 0;
  const id = from?.rpcId;
  return { fromSeq, ...((typeof id === 'number' || (typeof id === 'string' && id.length <= 200)) && { fromId: id }) };
}
