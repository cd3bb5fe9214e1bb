import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toolRisk, UNLISTED_TOOL_REASON } from '../../shared/tool-hints.ts';
import { useCommands, useScope, useStoreOf } from '../services.tsx';
import { ConfirmRunDialog } from '../tools/ConfirmRunDialog.tsx';

interface Rerun {
  tool: string;
  arguments: Record<string, unknown>;
}

/**
 * Running a call again from the History tab (a past call, a saved request) asks first, as the Tools tab does,
 * when the tool may be destructive (`toolRisk`) or the server does not list it (its hints are unknown).
 * "Ask before running tools that may be destructive" in Call settings turns the question off here too.
 */
export function useConfirmedRerun(): { rerun(call: Rerun): void; dialog: ReactNode } {
  const { rerunTool } = useCommands().tools;
  const { queries, offers } = useScope();
  const tools = useQuery({ ...queries.tools(), enabled: offers('tools') });
  const confirmDestructive = useStoreOf('prefs', (state) => state.confirmDestructive);
  const [asking, setAsking] = useState<{ call: Rerun; reason: string } | null>(null);
  const run = (call: Rerun) => void rerunTool(call).catch(() => undefined);
  const rerun = (call: Rerun) => {
    const tool = tools.data?.tools.find((candidate) => candidate.name === call.tool);
    const risk = tool && toolRisk(tool);
    if (confirmDestructive && (risk === undefined || risk.asks)) setAsking({ call, reason: risk?.reason ?? UNLISTED_TOOL_REASON });
    else run(call);
  };
  const dialog = asking && (
    <ConfirmRunDialog
      toolName={asking.call.tool}
      reason={asking.reason}
      onConfirm={() => {
        run(asking.call);
        setAsking(null);
      }}
      onDismiss={() => setAsking(null)}
    />
  );
  return { rerun, dialog };
}
