/** `--verbose`: the engine's notes, authorization steps and JSON-RPC frames, one line each (to stderr). */
import type { EngineEvent } from '../../shared/events.ts';

export function verboseLine(event: EngineEvent): string | undefined {
  if (event.type === 'note') return `[${event.level}] ${event.text}`;
  if (event.type === 'auth' && event.update.kind === 'step') {
    const step = event.update.step;
    const facts = step.facts?.map((fact) => `${fact.label}: ${fact.value}`).join('; ');
    const http = step.http ? ` ${step.http.method} ${step.http.url} → ${step.http.status ?? step.http.error}` : '';
    return `[auth] ${step.verdict.padEnd(11)} ${step.title}${http}${step.detail ? ` — ${step.detail}` : ''}${facts ? ` [${facts}]` : ''}`;
  }
  if (event.type === 'message') {
    const { direction, kind, method, rpcId } = event.entry;
    return `[rpc] ${direction === 'out' ? '→' : '←'} ${kind} ${method ?? ''} ${rpcId ?? ''}`;
  }
  return undefined;
}
