import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { callToolMutationOptions } from '../../queries/index.ts';
import type { Tool } from '../../shared/model.ts';
import { prettyJson } from '../common/format.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { ReadOnlyNote } from '../session-file/ReadOnlyNote.tsx';
import { useCommands, useOnScreen, usePrefs, useScope } from '../services.tsx';
import { ConfirmRunDialog, confirmReason } from './ConfirmRunDialog.tsx';
import { HintBadges } from './HintBadges.tsx';
import { ToolArgsEditor } from './ToolArgsEditor.tsx';
import { displayTitle, mayBeDestructive, serverRunsToolTasks, taskSupportOf } from './tool-meta.ts';
import { SavedPicker } from '../session-file/SavedPicker.tsx';
import { useSavedRuns } from './SavedRuns.tsx';
import { ToolResult } from './ToolResult.tsx';
import { AppFrame } from '../apps/AppFrame.tsx';
import { WaitingForInput } from '../requests/WaitingForInput.tsx';
import { useCallProgress } from './use-call-progress.ts';
import { useScriptCue } from '../demo/use-script-cue.ts';

let trackingCounter = 0;
const nextTrackingId = () => `call-${Date.now().toString(36)}-${++trackingCounter}`;

/** The selected tool: what it is, its arguments, Run tool, and the Result. Keyed by tool name by the parent. */
export function ToolDetail({ tool }: { tool: Tool }) {
  const { runTool } = useCommands();
  const mutation = useMutation(callToolMutationOptions(runTool));
  const timeoutMs = usePrefs((state) => state.toolTimeoutMs);
  const maxTotalTimeoutMs = usePrefs((state) => state.toolMaxTotalTimeoutMs);
  const confirmDestructive = usePrefs((state) => state.confirmDestructive);
  const { capabilities, recording, readOnly } = useScope();
  const serverTasks = serverRunsToolTasks(capabilities);
  // A saved session: the form starts from the run being looked at, and Run is disabled with the reason.
  const saved = useSavedRuns(tool.name);
  const readOnlyId = useId();
  const excludedId = useId();
  const taskSupport = taskSupportOf(tool);
  const [asTask, setAsTask] = useState(taskSupport === 'required');
  const [awaitingConfirm, setAwaitingConfirm] = useState<Record<string, unknown> | null>(null);
  const [trackingId, setTrackingId] = useState<string | null>(null);
  const [lastArgs, setLastArgs] = useState<Record<string, unknown> | null>(null);
  const progress = useCallProgress(trackingId);
  const controller = useRef<AbortController | null>(null);
  const schema = typeof tool.inputSchema === 'object' && tool.inputSchema !== null ? tool.inputSchema : { type: 'object' };
  const title = displayTitle(tool);
  const running = mutation.isPending;

  // Leaving the tool (or the page) cancels a call still running, so the server is told to stop — except a
  // task, which is meant to outlive the view: the engine follows it to the end and the Tasks tab shows it.
  // Switching to another connection is not leaving: the call goes on in the background.
  const taskRunning = useRef(false);
  const onScreen = useOnScreen();
  useEffect(
    () => () => {
      if (!taskRunning.current && onScreen()) controller.current?.abort();
    },
    [onScreen],
  );

  const run = (value: Record<string, unknown>) => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    const id = nextTrackingId();
    setTrackingId(id);
    setLastArgs(value);
    const taskMode = serverTasks && (taskSupport === 'required' || (taskSupport === 'optional' && asTask));
    taskRunning.current = taskMode;
    mutation.mutate({
      params: { name: tool.name, arguments: value, trackingId: id, timeoutMs, maxTotalTimeoutMs, ...(taskMode && { asTask: true }) },
      signal: next.signal,
    });
  };

  const request = (value: Record<string, unknown>) => {
    if (confirmDestructive && mayBeDestructive(tool)) setAwaitingConfirm(value);
    else run(value);
  };

  // A demo script's step: the form filled with its saved arguments (the last result cleared), then Run tool.
  const [scripted, setScripted] = useState<{ seq: number; args: Record<string, unknown> } | null>(null);
  const runButton = useRef<HTMLButtonElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const revealWhenSettled = useRef(false);
  useScriptCue(tool.name, {
    fill(args, seq) {
      setScripted({ seq, args });
      if (!running) mutation.reset();
    },
    run() {
      revealWhenSettled.current = true;
      runButton.current?.click();
    },
  });
  // A scripted step's form comes into view whole: the tool, its filled form and Run tool.
  const detail = useRef<HTMLElement>(null);
  useEffect(() => {
    if (scripted) detail.current?.scrollIntoView({ block: 'start' });
  }, [scripted]);
  // The scripted run's result (and its app) takes the screen once it is in.
  useEffect(() => {
    if (!revealWhenSettled.current || (mutation.status !== 'success' && mutation.status !== 'error')) return;
    revealWhenSettled.current = false;
    stage.current?.scrollIntoView({ block: 'start' });
  }, [mutation.status]);

  const buttons = (
    <div className="tool-actions">
      <button
        ref={runButton}
        type="submit"
        className="button button-primary"
        disabled={running || readOnly !== null || tool.excluded !== undefined}
        aria-describedby={readOnly ? readOnlyId : tool.excluded !== undefined ? excludedId : undefined}
      >
        Run tool
      </button>
      {readOnly && <ReadOnlyNote id={readOnlyId} reason={readOnly} />}
      {running && (
        <button type="button" className="button" onClick={() => controller.current?.abort()}>
          Cancel
        </button>
      )}
      {taskSupport !== 'forbidden' && serverTasks && !recording && (
        <label className="task-toggle">
          <input
            type="checkbox"
            checked={taskSupport === 'required' || asTask}
            disabled={taskSupport === 'required' || running}
            onChange={(event) => setAsTask(event.target.checked)}
          />
          Run as task{taskSupport === 'required' ? ' (required by the tool)' : ''}
        </label>
      )}
    </div>
  );

  return (
    <section ref={detail} className="tool-detail" aria-labelledby="tool-detail-title">
      <header className="tool-detail-header">
        <ServerIcon icons={tool.icons} label={String(tool.name)} />
        <div>
          <h3 id="tool-detail-title" className="tool-detail-title">
            <ServerText text={title} />
          </h3>
          {title !== tool.name && (
            <div className="mono muted">
              <ServerText text={tool.name} />
            </div>
          )}
        </div>
        <HintBadges tool={tool} />
      </header>
      {tool.description && (
        <p className="tool-description">
          <ServerText text={tool.description} />
        </p>
      )}
      {tool.excluded !== undefined && (
        <p className="hint hint-warning" role="note" id={excludedId}>
          Not callable: <ServerText text={tool.excluded} />. MCP 2026-07-28 says clients leave such tools out; MCP Lens shows it so you can
          fix its inputSchema.
        </p>
      )}
      {tool.paramHeaders && tool.paramHeaders.length > 0 && (
        <div className="mirrored-headers" role="group" aria-label="Mirrored headers">
          <span className="muted">Mirrored into headers on each call:</span>
          <ul>
            {tool.paramHeaders.map((header) => (
              <li key={header.name} className="mono">
                <ServerText text={header.path.join('.')} /> → Mcp-Param-
                <ServerText text={header.name} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {taskSupport === 'required' && !serverTasks && !recording && (
        <p className="hint" role="note">
          This tool requires running as a task, but the server does not declare tasks for tools/call; it will be called normally and may
          refuse.
        </p>
      )}

      <div className="tool-args">
        <ToolArgsEditor
          key={`${saved.index}/${scripted?.seq ?? ''}`}
          schema={schema}
          disabled={running}
          onSubmit={request}
          buttons={buttons}
          initial={asArguments(saved.run?.arguments) ?? scripted?.args}
        />
        <details className="schema-details">
          <summary>Input schema</summary>
          <pre className="code-block">{prettyJson(tool.inputSchema)}</pre>
        </details>
        {tool.outputSchema && (
          <details className="schema-details">
            <summary>Output schema</summary>
            <pre className="code-block">{prettyJson(tool.outputSchema)}</pre>
          </details>
        )}
      </div>

      {awaitingConfirm && (
        <ConfirmRunDialog
          toolName={tool.name}
          reason={confirmReason(tool.annotations)}
          onConfirm={() => {
            const value = awaitingConfirm;
            setAwaitingConfirm(null);
            run(value);
          }}
          onDismiss={() => setAwaitingConfirm(null)}
        />
      )}

      {recording ? (
        <>
          <SavedPicker
            label="Saved runs"
            caption="Saved runs:"
            entries={saved.runs.map((run) => ({ time: run.time, failed: Boolean(run.outcome?.isError || run.error) }))}
            index={saved.index}
            onShow={saved.show}
          />
          <ToolResult
            status={saved.run ? (saved.run.outcome ? 'success' : 'error') : 'idle'}
            outcome={saved.run?.outcome}
            error={saved.run?.error ?? null}
            progress={NO_PROGRESS}
            idleText="This tool was not run in the saved session (or its result was not kept)."
          />
        </>
      ) : (
        <div ref={stage} className="tool-stage">
          {running && <WaitingForInput method="tools/call" target={tool.name} noun="call" />}
          <ToolResult
            status={mutation.status}
            outcome={mutation.data}
            error={mutation.error}
            progress={progress}
            onRetry={() => lastArgs && run(lastArgs)}
          />
          {tool.ui && mutation.status === 'success' && (
            <AppFrame key={mutation.submittedAt} uri={tool.ui.resourceUri} input={lastArgs ?? {}} result={mutation.data} />
          )}
        </div>
      )}
    </section>
  );
}

/** A saved result is finished: there is no live progress to show. */
const NO_PROGRESS = {};

/** Saved arguments come from a file: only an object can fill the form. */
const asArguments = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
