/**
 * `--call <tool>` for the tool-calls check: the tools the person names, checked against the server's list
 * before anything runs. The same opt-in as the Audit tab: a tool is called only when named, and one that may
 * be destructive (`toolRisk`, with the spec's defaults: not read-only, destructiveHint not false) only with
 * `--allow-writes`, since there is no one at a terminal in CI to confirm it. Pure, so every refusal is
 * tested without a server.
 */
import type { AuditToolCall } from '../../../shared/audit.ts';
import type { Tool } from '../../../shared/model.ts';
import { toolRisk } from '../../../shared/tool-hints.ts';
import { listForLine } from '../../terminal-text.ts';

/** The calls to make, or why not: a tool the server does not list, or one that may be destructive without the flag. */
export function resolveCalls(
  requested: readonly AuditToolCall[],
  tools: readonly Pick<Tool, 'name' | 'annotations'>[],
  allowWrites: boolean,
): { ok: true; calls: AuditToolCall[] } | { ok: false; problem: string } {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const unknown = requested.filter((call) => !byName.has(call.name)).map((call) => call.name);
  if (unknown.length > 0) {
    const listed =
      tools.length === 0
        ? 'it lists none'
        : `it lists ${listForLine(
            tools.map((t) => t.name),
            20,
          )}`;
    return { ok: false, problem: `--call: the server has no tool named ${unknown.join(', ')} (${listed}).` };
  }
  const risky = requested.flatMap((call) => {
    const risk = toolRisk(byName.get(call.name)!);
    return risk.asks ? [`${call.name}: ${risk.label}`] : [];
  });
  if (risky.length > 0 && !allowWrites)
    return {
      ok: false,
      problem: `--call: not called, as it may be destructive — ${risky.join('; ')}. Add --allow-writes to call it anyway, or leave it out.`,
    };
  // One call per tool: the check calls each once, as the Audit tab's ticks do.
  const seen = new Set<string>();
  return { ok: true, calls: requested.filter((call) => !seen.has(call.name) && seen.add(call.name)) };
}
