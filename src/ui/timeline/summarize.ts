/**
 * A one-line summary of an inbound notification for the timeline, e.g. `[warning] db: slow query` or
 * `3/10 Indexing`. Every field is read defensively: the server may send anything.
 */
import { oneLine } from '../common/format.ts';

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
      return oneLine(`Task ${text(params.taskId)}: ${text(params.status)}${params.statusMessage ? ` — ${text(params.statusMessage)}` : ''}`);
    default:
      if (method && FEATURE_NAMES[method]) return FEATURE_NAMES[method];
      return Object.keys(params).length === 0 ? '' : oneLine(params);
  }
}
