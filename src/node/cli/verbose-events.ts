/**
 * `--verbose`: the engine's notes, authorization steps and JSON-RPC frames, each tool's result and each
 * answer the headless host gave a server, one line each (to stderr).
 */
import type { EngineEvent } from '../../shared/events.ts';
import type { ToolCallOutcome } from '../../shared/model.ts';
import type { HostAnswer } from './headless-host.ts';

/** A payload past this many characters is cut in the line; `--json` carries a result whole. */
const MAX_PAYLOAD_CHARS = 4000;

function payload(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_PAYLOAD_CHARS
    ? `${text.slice(0, MAX_PAYLOAD_CHARS)}… (${text.length - MAX_PAYLOAD_CHARS} more characters)`
    : text;
}

/** What a tool returned: content, structuredContent, isError and what the verdict found, as JSON. */
export function resultLine(name: string, outcome: ToolCallOutcome): string {
  const { durationMs: _durationMs, task: _task, ...shown } = outcome;
  return `[result] ${name}: ${payload(shown)}`;
}

/** What the headless host answered a server's request, which no person saw. */
export function hostAnswerLine({ method, answer }: HostAnswer): string {
  return `[host] answered ${method}: ${payload(answer)}`;
}

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
