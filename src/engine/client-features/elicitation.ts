/**
 * elicitation/create in both modes, and notifications/elicitation/complete. The SDK already refuses a
 * mode this connection did not declare (-32602); here a form whose schema is outside the spec's subset is
 * refused too, rather than shown half-rendered. The form's checks load with the first form (load-checks.ts).
 */
import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import { REFUSED_BY_US } from '../../shared/errors.ts';
import type { ServerRequestAnswer } from '../../shared/client-features.ts';
import type { EngineEvent } from '../../shared/events.ts';
import { checksFor, loadFormChecks } from './load-checks.ts';
import { INVALID_PARAMS } from './rpc-codes.ts';
import type { RequestContext } from './request-context.ts';

const MAX_ELICITATION_ID_CHARS = 512;

export function registerElicitation(client: Client, rc: RequestContext, emit: (event: EngineEvent) => void): void {
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    const params = request.params as Record<string, unknown>;
    const mode = params.mode === 'url' ? 'url' : 'form';
    const described = rc.describe(request.method, ctx.mcpReq.id, params, mode === 'url' ? 'elicitation-url' : 'elicitation-form');
    if (mode === 'form') {
      const form = await checksFor(loadFormChecks);
      const read = form.readRequestedSchema((described.params as { requestedSchema?: unknown }).requestedSchema);
      if (!read.ok) throw new ProtocolError(INVALID_PARAMS, `MCP Lens cannot show this form: ${read.reason}`, REFUSED_BY_US);
      const compilePattern = await checksFor(() => form.patternCompilerFor(read.fields));
      const answer = await rc.queue.wait(described, ctx.mcpReq.signal, (a) => form.checkFormAnswer(a, read.fields, compilePattern));
      return elicitResult(answer);
    }
    const answer = await rc.queue.wait(described, ctx.mcpReq.signal, (a) =>
      a.action === 'accept' || a.action === 'decline' || a.action === 'cancel'
        ? undefined
        : 'Answer a URL elicitation with Accept, Decline or Cancel.',
    );
    // A URL elicitation's accept carries no content: the person answered on the server's page.
    return elicitResult(answer.action === 'accept' ? { action: 'accept' } : answer);
  });

  // Any well-formed id is passed on; the UI only marks elicitations it is tracking, and ignores the rest.
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    const id = (notification.params as { elicitationId?: unknown } | undefined)?.elicitationId;
    if (typeof id === 'string' && id.length <= MAX_ELICITATION_ID_CHARS) emit({ type: 'elicitation-complete', elicitationId: id });
  });
}

function elicitResult(answer: ServerRequestAnswer) {
  if (answer.action === 'accept') {
    return answer.content === undefined
      ? { action: 'accept' as const }
      : { action: 'accept' as const, content: answer.content as Record<string, string | number | boolean | string[]> };
  }
  return { action: answer.action === 'decline' ? ('decline' as const) : ('cancel' as const) };
}
