import { useQuery } from '@tanstack/react-query';
import type { ToolCallOutcome } from '../../shared/model.ts';
import { AppFrame } from '../apps/AppFrame.tsx';
import { useScope } from '../services.tsx';

/**
 * The MCP App of a tool the model called, as the Tools tab shows it: the same frame, sandbox, budget and
 * questions (an app's call to a tool that may be destructive asks first). Only while connected: a saved
 * conversation shows the result's blocks, never a running app.
 */
export function ToolCardApp({ tool, input, result }: { tool: string; input: Record<string, unknown>; result: ToolCallOutcome }) {
  const { queries, ready, readOnly } = useScope();
  const tools = useQuery({ ...queries.tools(), enabled: ready && !readOnly });
  const ui = tools.data?.tools.find((known) => known.name === tool)?.ui;
  if (!ready || readOnly || !ui) return null;
  return <AppFrame uri={ui.resourceUri} input={input} result={result} />;
}
