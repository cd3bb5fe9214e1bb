import type { Tool } from './model.ts';

/**
 * "May calling this tool change things?", decided once for every place that asks: the Tools tab, the
 * Playground, Apps, the Audit tab, the audit's `--call` and the CLI's plan. The spec's defaults apply where
 * a hint is absent (2025-11-25 `ToolAnnotations`): readOnlyHint false, destructiveHint true, idempotentHint
 * false, openWorldHint true. So a tool that says nothing may be destructive.
 *
 * Hints are the server's claims, not promises: only a literal boolean counts as said (a string "no" is the
 * default). A tool claiming both read-only and destructive gets the cautious reading.
 */
export type ToolRiskLevel = 'read-only' | 'changes' | 'destructive';

export interface ToolRisk {
  level: ToolRiskLevel;
  /** The person confirms first (the Tools tab, Apps, the Audit's ticks): it may be destructive. */
  asks: boolean;
  /**
   * The person confirms first when a model asked for the call (the Playground): anything not read-only. A tool
   * result can tell a model to call a tool that sends data out (not destructive, open-world), and nobody chose
   * that call.
   */
  asksWhenAModelCalls: boolean;
  /** The hints as the spec reads them, its defaults filled in. */
  hints: { readOnly: boolean; destructive: boolean; idempotent: boolean; openWorld: boolean };
  /** A few words for a list or a CLI line, e.g. "destructive (destructiveHint)". */
  label: string;
  /** A sentence for a confirmation: what the server said, or which default applied. */
  reason: string;
}

const HINT_NOT_PROMISE = '(A hint from the server, not a guarantee.)';

/** Why a tool the server does not list (so nothing is known of its hints) is asked about: an app's call, a re-run. */
export const UNLISTED_TOOL_REASON = 'The server does not list this tool, so nothing says it is read-only: it may delete or overwrite data.';

/** Hints as a server may send them: anything at all, read as a literal boolean or not at all. */
type SaidHints = { readOnlyHint?: unknown; destructiveHint?: unknown; idempotentHint?: unknown; openWorldHint?: unknown };

/** `annotations` as listed (`Tool`), or as a raw listing has it (the audit reads tools before any shaping). */
export function toolRisk(tool: { annotations?: Tool['annotations'] | Readonly<Record<string, unknown>> | undefined }): ToolRisk {
  const said: SaidHints | undefined = tool.annotations;
  const readOnly = said?.readOnlyHint === true;
  const declaredDestructive = said?.destructiveHint === true;
  // destructiveHint only means something when the tool is not read-only; a literal false is the only "no".
  const destructive = declaredDestructive || (!readOnly && said?.destructiveHint !== false);
  const hints = {
    readOnly: readOnly && !declaredDestructive,
    destructive,
    idempotent: said?.idempotentHint === true,
    openWorld: said?.openWorldHint !== false,
  };
  const of = (level: ToolRiskLevel, label: string, reason: string): ToolRisk => ({
    level,
    asks: level === 'destructive',
    asksWhenAModelCalls: level !== 'read-only',
    hints,
    label,
    reason,
  });
  if (readOnly && declaredDestructive)
    return of(
      'destructive',
      'destructive (destructiveHint, though also readOnlyHint)',
      `The server marks this tool both read-only and destructive; the cautious reading applies: it may delete or overwrite data. ${HINT_NOT_PROMISE}`,
    );
  if (readOnly) return of('read-only', 'read-only (readOnlyHint)', `The server marks this tool read-only. ${HINT_NOT_PROMISE}`);
  if (declaredDestructive)
    return of(
      'destructive',
      'destructive (destructiveHint)',
      `The server marks this tool as destructive: it may delete or overwrite data. ${HINT_NOT_PROMISE}`,
    );
  if (said === undefined)
    return of(
      'destructive',
      'may be destructive (no annotations, so not read-only and destructive by the spec’s defaults)',
      'This tool declares no annotations, so by the MCP spec’s defaults it is not read-only and may delete or overwrite data.',
    );
  if (said.destructiveHint === false)
    return of(
      'changes',
      'may change things (readOnlyHint is not true; destructiveHint false)',
      `This tool does not say it is read-only; the server says it only adds, never deletes or overwrites. ${HINT_NOT_PROMISE}`,
    );
  return of(
    'destructive',
    'may be destructive (readOnlyHint is not true, destructiveHint not false)',
    'This tool does not say it is read-only or non-destructive, so by the MCP spec’s defaults it may delete or overwrite data.',
  );
}
