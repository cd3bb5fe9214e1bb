/**
 * Both wire formats accept only `[a-zA-Z0-9_-]{1,64}` as a tool name, and MCP allows more (dots, slashes,
 * longer names). Each server tool gets a wire name the provider accepts, unique in the list, and the model's
 * calls are mapped back to the server's names before they leave the engine.
 */
import type { ChatTool } from '../../shared/playground.ts';

export interface ToolNames {
  wire(name: string): string;
  /** The server's name for a wire name; the wire name itself when the model invents a tool. */
  server(wire: string): string;
}

export function toolNames(tools: readonly ChatTool[]): ToolNames {
  const toWire = new Map<string, string>();
  const toServer = new Map<string, string>();
  for (const { name } of tools) {
    const base = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 60) || 'tool';
    let wire = base;
    for (let n = 2; toServer.has(wire); n++) wire = `${base}_${n}`;
    toWire.set(name, wire);
    toServer.set(wire, name);
  }
  return { wire: (name) => toWire.get(name) ?? name, server: (wire) => toServer.get(wire) ?? wire };
}

/** The model's argument text as an object; anything else is kept as text, so the call is refused in words. */
export function readArguments(
  text: string,
): { arguments: Record<string, unknown> } | { arguments: Record<string, unknown>; badArguments: string } {
  if (text.trim() === '') return { arguments: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { arguments: value as Record<string, unknown> };
  } catch {
    // kept as text below
  }
  return { arguments: {}, badArguments: text.slice(0, 2_000) };
}
