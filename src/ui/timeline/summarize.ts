/**
 * A one-line summary of an inbound notification for the timeline, e.g. `[warning] db: slow query` or
 * `3/10 Indexing`. Every field is read defensively: the server may send anything.
 */
import { ownValue } from '../../shared/own.ts';
import { oneLine } from '../common/format.ts';
import { plural } from '../../shared/read.ts';

const FEATURE_NAMES: Record<string, string> = {
  'notifications/tools/list_changed': 'The list of tools changed',
  'notifications/resources/list_changed': 'The list of resources changed',
  'notifications/prompts/list_changed': 'The list of prompts changed',
  'notifications/roots/list_changed': 'The list of roots changed',
};

function paramsOf(message: unknown): Record<string, unknown> {
  if (typeof message !== 'object' || message === null) return {};
  const params = (message as { params?: unknown }).params;
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : oneLine(value));

export function summarizeNotification(method: string | undefined, message: unknown): string {
  const params = paramsOf(message);
  switch (method) {
    case 'notifications/message': {
      const logger = typeof params.logger === 'string' ? `${params.logger}: ` : '';
      return oneLine(`[${text(params.level) || 'log'}] ${logger}${text(params.data)}`);
    }
    case 'notifications/progress': {
      const progress = typeof params.progress === 'number' ? String(params.progress) : '?';
      const total = typeof params.total === 'number' ? `/${params.total}` : '';
      const note = typeof params.message === 'string' ? ` ${params.message}` : '';
      return oneLine(`${progress}${total}${note}`);
    }
    case 'notifications/resources/updated':
      return oneLine(`Updated: ${text(params.uri)}`);
    case 'notifications/cancelled':
      return oneLine(`Request ${text(params.requestId)} cancelled${params.reason !== undefined ? `: ${text(params.reason)}` : ''}`);
    case 'notifications/elicitation/complete':
      return oneLine(`Elicitation ${text(params.elicitationId)} complete`);
    case 'notifications/tasks/status':
      return oneLine(
        `Task ${text(params.taskId)}: ${text(params.status)}${params.statusMessage ? ` — ${text(params.statusMessage)}` : ''}`,
      );
    case 'sampling/createMessage': {
      const messages = Array.isArray(params.messages) ? params.messages.length : 0;
      const tools = Array.isArray(params.tools) ? `, ${plural(params.tools.length, 'tool')}` : '';
      return `Asks for a completion: ${plural(messages, 'message')}${tools}`;
    }
    case 'elicitation/create':
      return oneLine(
        `${params.mode === 'url' ? 'Asks to open' : 'Asks for input'}: ${text(params.message)}${params.mode === 'url' ? ` — ${text(params.url)}` : ''}`,
      );
    case 'roots/list':
      return 'Asks for the roots list';
    default:
      return ownValue(FEATURE_NAMES, method) ?? (Object.keys(params).length === 0 ? '' : oneLine(params));
  }
}

/** Our answer to a server request, for the timeline: the action taken, or the error sent. */
export function summarizeAnswer(requestMethod: string | undefined, message: unknown): string {
  const m = (typeof message === 'object' && message !== null ? message : {}) as {
    result?: Record<string, unknown>;
    error?: { code?: unknown; message?: unknown };
  };
  if (m.error) return oneLine(`Answered ${requestMethod ?? 'request'} with error ${text(m.error.code)}: ${text(m.error.message)}`);
  const result = m.result ?? {};
  if (requestMethod === 'elicitation/create') return `Answered: ${text(result.action)}`;
  if (requestMethod === 'roots/list') return `Answered with ${Array.isArray(result.roots) ? result.roots.length : 0} roots`;
  if (requestMethod === 'sampling/createMessage')
    return oneLine(`Approved: ${text(result.model)}${result.stopReason ? ` (${text(result.stopReason)})` : ''}`);
  return 'Answered';
}
