/**
 * A call made in the app (a History entry, a logged request, a Playground tool call) as a collection step:
 * its request as it was sent and its answer as the first snapshot, judged later exactly as a run judges it
 * (the snapshot of a tools/call is the result the runner sees: content, structuredContent, isError).
 */
import type { CollectionStep, Expectations } from '../../shared/collection/format.ts';
import type { StepAnswer } from '../../shared/collection/judge.ts';
import { parsePointer, pointerOf } from '../../shared/collection/pointer.ts';
import { isRecord } from '../../shared/read.ts';

export interface RecordedCall {
  method: string;
  params?: Record<string, unknown>;
  answer: StepAnswer;
  /** For a tools/call: the tool may change things (not listed read-only); recording the call the person made is the consent. */
  changesThings?: boolean;
}

/** The step, or why the call cannot be one (it got no answer to expect). */
export function recordedStep(call: RecordedCall): { ok: true; step: CollectionStep } | { ok: false; reason: string } {
  if (call.answer.kind === 'failed')
    return { ok: false, reason: `${call.method} got no answer (${call.answer.message}); add it once the server answers it.` };
  const expect: Expectations =
    call.answer.kind === 'error'
      ? { outcome: { error: call.answer.error.code } }
      : {
          ...(call.method === 'tools/call' &&
            isRecord(call.answer.result) &&
            call.answer.result.isError === true && { outcome: 'tool-error' }),
          snapshot: { value: call.method === 'tools/call' ? asToolResult(call.answer.result) : withoutResultType(call.answer.result) },
        };
  return {
    ok: true,
    step: {
      name: stepName(call.method, call.params),
      request: { method: call.method, ...(call.params !== undefined && { params: withoutMeta(call.params) }) },
      ...(call.method === 'tools/call' && call.changesThings === true && { changesThings: true }),
      expect,
    },
  };
}

/** "tools/call add", "resources/read demo://notes/1": what a person would call the step. */
function stepName(method: string, params: Record<string, unknown> | undefined): string {
  const target = params?.name ?? params?.uri;
  return typeof target === 'string' ? `${method} ${target.slice(0, 120)}` : method;
}

/** A tools/call result as the runner compares it (src/shared/collection/answers.ts): no `_meta`, `isError` always there. */
function asToolResult(result: unknown): unknown {
  if (!isRecord(result)) return result;
  return {
    content: result.content,
    ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
    isError: result.isError === true,
  };
}

/**
 * A result as a run sees it: the SDK takes 2026-07-28's `resultType` off a result before handing it on, and a
 * logged answer is the wire's, which still has it.
 */
function withoutResultType(result: unknown): unknown {
  if (!isRecord(result) || !Object.hasOwn(result, 'resultType')) return result;
  const { resultType: _wire, ...rest } = result;
  return rest;
}

/** The params a person wrote: the engine's own `_meta` (a progress token, the 2026-07-28 envelope) is added on every send. */
function withoutMeta(params: Record<string, unknown>): Record<string, unknown> {
  const { _meta: _engine, ...rest } = params;
  return rest;
}

const VOLATILE_KEY = /^(id|.*Id|.*_id|uuid|.*At|.*_at|time|timestamp|date|created|updated|modified|expires|etag|nonce|requestId)$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Paths in a snapshot that look volatile (ids, timestamps), offered in the step editor as paths to ignore;
 * an item of a list becomes `*`, so one path covers every item. At most `max`, first found first.
 */
export function volatilePaths(value: unknown, max = 12): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, path: string[], depth: number) => {
    if (found.size >= max || depth > 12) return;
    if (Array.isArray(node)) node.slice(0, 50).forEach((item) => walk(item, [...path, '*'], depth + 1));
    else if (isRecord(node))
      for (const [key, item] of Object.entries(node)) {
        const at = [...path, key];
        if (VOLATILE_KEY.test(key) && (typeof item === 'string' || typeof item === 'number')) found.add(pointerOf(at));
        else if (typeof item === 'string' && ISO_TIME.test(item)) found.add(pointerOf(at));
        else walk(item, at, depth + 1);
      }
  };
  walk(value, [], 0);
  return [...found].slice(0, max);
}

/** Why a path typed by hand is not one the snapshot can ignore, or undefined when it is. */
export function ignorePathProblem(path: string): string | undefined {
  const parsed = parsePointer(path);
  if (!parsed.ok) return `${parsed.reason}.`;
  return path === '' ? 'Ignoring "" would ignore the whole result: remove the snapshot instead.' : undefined;
}
