/**
 * Which tools the CLI calls, with what, and why it leaves the others alone. A run nobody watches must not
 * change the server: by default only tools marked read-only are called (`toolRisk`, the rule the app asks
 * by). The spec's defaults make a tool without annotations "not read-only, possibly destructive", so it is
 * skipped too; `--allow-writes` lifts that, and naming tools (`--call`, or the conformance scenario's calls)
 * is consent for exactly those.
 */
import type { Tool } from '../../shared/model.ts';
import { toolRisk } from '../../shared/tool-hints.ts';
import { sampleArguments } from '../../engine/features/sample-arguments.ts';

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** A call to make, a tool left out and why, or a named tool the server does not list. */
export type PlannedCall =
  ({ kind: 'call' } & ToolCall) | { kind: 'skip'; name: string; reason: string } | { kind: 'missing'; name: string };

export interface Selection {
  allowWrites: boolean;
  /** Named tools, in order: by `--call` (arguments made up) or by the conformance context (arguments given). */
  named?: Array<{ name: string; arguments?: Record<string, unknown> }>;
}

export function planCalls(tools: Tool[], selection: Selection): PlannedCall[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (!selection.named) return tools.map((tool) => planOne(tool, undefined, selection.allowWrites));
  const named = new Set(selection.named.map((call) => call.name));
  return [
    ...selection.named.map((call): PlannedCall => {
      const tool = byName.get(call.name);
      if (tool) return planOne(tool, call.arguments, true);
      // A conformance scenario's call is made as given: whether the server answers it is what it checks.
      return call.arguments ? { kind: 'call', name: call.name, arguments: call.arguments } : { kind: 'missing', name: call.name };
    }),
    ...tools
      .filter((tool) => !named.has(tool.name))
      .map((tool): PlannedCall => ({ kind: 'skip', name: tool.name, reason: 'not named in --call' })),
  ];
}

function planOne(tool: Tool, given: Record<string, unknown> | undefined, allowWrites: boolean): PlannedCall {
  const skip = (reason: string): PlannedCall => ({ kind: 'skip', name: tool.name, reason });
  // SEP-2243: the engine refuses to call a tool whose x-mcp-header declarations break the rules.
  if (tool.excluded !== undefined) return skip(`excluded — ${tool.excluded}`);
  if (!allowWrites) {
    const risk = toolRisk(tool);
    if (risk.level !== 'read-only') return skip(`${risk.label}; pass --allow-writes, or --call ${tool.name}, to call it`);
  }
  if (given) return { kind: 'call', name: tool.name, arguments: given };
  const sampled = sampleArguments(tool.inputSchema);
  return sampled.ok ? { kind: 'call', name: tool.name, arguments: sampled.arguments } : skip(`not called — ${sampled.reason}`);
}
