/**
 * elicitation/create in both modes, and notifications/elicitation/complete. The SDK already refuses a
 * mode this connection did not declare (-32602); here a form whose schema is outside the spec's subset is
 * refused too, rather than shown half-rendered.
 */
import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import { REFUSED_BY_US } from '../../shared/errors.ts';
import type { ServerRequestAnswer } from '../../shared/client-features.ts';
import {
  readRequestedSchema,
  toContent,
  type ElicitField,
  type FormValues,
  type PatternCompiler,
} from '../../shared/elicitation-schema.ts';
import type { EngineEvent } from '../../shared/events.ts';
import { INVALID_PARAMS } from './sampling.ts';
import type { RequestContext } from './server-requests.ts';

const MAX_ELICITATION_ID_CHARS = 512;

export function registerElicitation(client: Client, rc: RequestContext, emit: (event: EngineEvent) => void): void {
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    const params = request.params as Record<string, unknown>;
    const mode = params.mode === 'url' ? 'url' : 'form';
    const described = rc.describe(request.method, ctx.mcpReq.id, params, mode === 'url' ? 'elicitation-url' : 'elicitation-form');
    if (mode === 'form') {
      const read = readRequestedSchema((described.params as { requestedSchema?: unknown }).requestedSchema);
      if (!read.ok) throw new ProtocolError(INVALID_PARAMS, `MCP Lens cannot show this form: ${read.reason}`, REFUSED_BY_US);
      const compilePattern = await patternCompilerFor(read.fields);
      const answer = await rc.queue.wait(described, ctx.mcpReq.signal, (a) => checkFormAnswer(a, read.fields, compilePattern));
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

/** The linear-time pattern engine is a large module: the worker loads it only for a form that has a pattern. */
async function patternCompilerFor(fields: ElicitField[]): Promise<PatternCompiler> {
  if (!fields.some((field) => 'pattern' in field && field.pattern !== undefined)) return NO_PATTERNS;
  return (await import('../../shared/server-pattern.ts')).compileServerPattern;
}

const NO_PATTERNS: PatternCompiler = () => ({ ok: false, reason: 'The form has no pattern.' });

function checkFormAnswer(answer: ServerRequestAnswer, fields: ElicitField[], compilePattern: PatternCompiler): string | undefined {
  if (answer.action === 'decline' || answer.action === 'cancel') return undefined;
  if (answer.action !== 'accept') return 'Answer an elicitation with Accept, Decline or Cancel.';
  const values: FormValues = {};
  for (const [key, value] of Object.entries(answer.content ?? {})) {
    values[key] = typeof value === 'number' ? String(value) : (value as FormValues[string]);
  }
  const checked = toContent(fields, values, compilePattern);
  if (!checked.ok)
    return `The form is not valid: ${Object.entries(checked.errors)
      .map(([k, e]) => `${k}: ${e}`)
      .join(' ')}`;
  return undefined;
}

function elicitResult(answer: ServerRequestAnswer) {
  if (answer.action === 'accept') {
    return answer.content === undefined
      ? { action: 'accept' as const }
      : { action: 'accept' as const, content: answer.content as Record<string, string | number | boolean | string[]> };
  }
  return { action: answer.action === 'decline' ? ('decline' as const) : ('cancel' as const) };
}
