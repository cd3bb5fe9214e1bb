/** Classifies what went over the wire into message-log fields, without trusting its shape. */
import type { MessageKind } from '../../shared/events.ts';
import { isRecord } from '../../shared/read.ts';

export interface FrameFacts {
  kind: MessageKind;
  method?: string;
  rpcId?: string | number;
  /** Why a parsed value is not a JSON-RPC message, when kind is `invalid`. */
  problem?: string;
}

const isId = (value: unknown): value is string | number => typeof value === 'string' || typeof value === 'number';

export function classifyFrame(value: unknown): FrameFacts {
  if (!isRecord(value)) return { kind: 'invalid', problem: 'Not a JSON object.' };
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', problem: 'Missing "jsonrpc": "2.0".' };
  const method = typeof value.method === 'string' ? value.method : undefined;
  const rpcId = isId(value.id) ? value.id : undefined;
  if (method !== undefined) {
    return rpcId !== undefined ? { kind: 'request', method, rpcId } : { kind: 'notification', method };
  }
  const id = rpcId === undefined ? {} : { rpcId };
  if ('error' in value) return { kind: 'error', ...id };
  if ('result' in value) return { kind: 'response', ...id };
  return { kind: 'invalid', ...id, problem: 'Neither a request, a notification, a result nor an error.' };
}
