import { useEffect, useId, useRef, useState } from 'react';
import type { Tool } from '../../shared/model.ts';
import { prettyJson } from '../common/format.ts';
import { LargeText } from '../content/LargeText.tsx';
import { LazyDetails } from '../content/LazyDetails.tsx';
import { ServerIcon } from '../common/Icon.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { ReadOnlyNote } from '../session-file/ReadOnlyNote.tsx';
import { useCommands, useLatestCall, useScope, useStoreOf } from '../services.tsx';
import { MOD_ENTER_FORM, submitOnModEnter } from '../common/submit-on-mod-enter.ts';
import { CallAnnouncer } from './CallAnnouncer.tsx';
import { ConfirmRunDialog } from './ConfirmRunDialog.tsx';
import { HintBadges } from './HintBadges.tsx';
import { ToolArgsEditor } from './ToolArgsEditor.tsx';
import { displayTitle, serverRunsToolTasks, taskSupportOf } from './tool-meta.ts';
import { toolRisk } from '../../shared/tool-hints.ts';
import { SavedPicker } from '../session-file/SavedPicker.tsx';
import { useSavedRuns } from './SavedRuns.tsx';
import { ToolResult } from './ToolResult.tsx';
import { AppFrame } from '../apps/AppFrame.tsx';
import { WaitingForInput } from '../requests/WaitingForInput.tsx';
import { useScriptCue } from '../demo/use-script-cue.ts';
import { usePresentation } from '../presentation/use-presentation.ts';

/** The selected tool: what it is, its arguments, Run tool, and the Result. Keyed by tool name by the parent. */
export function ToolDetail({ tool }: { tool: Tool }) {
  const { startCall, cancelCall } = useCommands().jobs;
  // The tool's latest call, from the connection's calls registry: leaving the tool or the connection
  // cancels nothing, and coming back shows the call where it stands.
  const call = useLatestCall('tool', tool.name);
  const forgetCall = useStoreOf('calls', (state) => state.actions.forget);
  const timeoutMs = useStoreOf('prefs', (state) => state.toolTimeoutMs);
  const maxTotalTimeoutMs = useStoreOf('prefs', (state) => state.toolMaxTotalTimeoutMs);
  const confirmDestructive = useStoreOf('prefs', (state) => state.confirmDestructive);
  const { capabilities, recording, readOnly } = useScope();
  const serverTasks = serverRunsToolTasks(capabilities);
  // A saved session: the form starts from the run being looked at, and Run is disabled with the reason.
  const saved = useSavedRuns(tool.name);
  const readOnlyId = useId();
  const excludedId = useId();
  const taskSupport = taskSupportOf(tool);
  const [asTask, setAsTask] = useState(taskSupport === 'required');
  const [awaitingConfirm, setAwaitingConfirm] = useState<Record<string, unknown> | null>(null);
  const schema = typeof tool.inputSchema === 'object' && tool.inputSchema !== null ? tool.inputSchema : { type: 'object' };
  const title = displayTitle(tool);
  const running = call?.status === 'running';
  const status = call === undefined ? 'idle' : call.status === 'running' ? 'pending' : call.status;
  const result = useRef<HTMLElement>(null);
  const focusResult = useRef(false);
  const { revealsResults } = usePresentation();
  // Once a run settles, its result (and app) comes to the top of the pane: a scripted step's always, any
  // run's where the presentation policy puts results on stage (demo mode).
  const revealWhenSettled = useRef(false);

  const run = (value: Record<string, unknown>) => {
    if (call?.status === 'running') cancelCall(call.id);
    const taskMode = serverTasks && (taskSupport === 'required' || (taskSupport === 'optional' && asTask));
    focusResult.current = true;
    if (revealsResults) revealWhenSettled.current = true;
    startCall('tool', { name: tool.name, arguments: value, timeoutMs, maxTotalTimeoutMs, ...(taskMode && { asTask: true }) });
  };

  // After Run the Result takes the focus (the button just went disabled), where the live region says how it went.
  useEffect(() => {
    if (!focusResult.current || !call) return;
    focusResult.current = false;
    result.current?.focus({ preventScroll: true });
    result.current?.scrollIntoView({ block: 'nearest' });
  }, [call?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- a new call, not each update of it

  const request = (value: Record<string, unknown>) => {
    if (confirmDestructive && toolRisk(tool).asks) setAwaitingConfirm(value);
    else run(value);
  };

  // A demo script's step: the form filled with its saved arguments (the last result cleared), then Run tool.
  const [scripted, setScripted] = useState<{ seq: number; args: Record<string, unknown> } | null>(null);
  const runButton = useRef<HTMLButtonElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  useScriptCue(tool.name, {
    fill(args, seq) {
      setScripted({ seq, args });
      if (!running) forgetCall('tool', tool.name);
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
  // The result (and its app) takes the screen once it is in.
  useEffect(() => {
    if (!revealWhenSettled.current || (status !== 'success' && status !== 'error')) return;
    revealWhenSettled.current = false;
    stage.current?.scrollIntoView({ block: 'start' });
  }, [status]);

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
        <button type="button" className="button" onClick={() => call && cancelCall(call.id)}>
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

      <div className="tool-args" onKeyDown={submitOnModEnter} {...{ [MOD_ENTER_FORM]: true }}>
        <ToolArgsEditor
          key={`${saved.index}/${scripted?.seq ?? ''}`}
          schema={schema}
          disabled={running}
          onSubmit={request}
          buttons={buttons}
          initial={asArguments(saved.run?.arguments) ?? scripted?.args}
        />
        {/* Built when opened: a 99,000-value enum is megabytes of text, and selecting the tool must not wait for it. */}
        <LazyDetails className="schema-details" summary="Input schema">
          {() => <LargeText className="code-block" text={prettyJson(tool.inputSchema)} fileName={`${tool.name}-input-schema.json`} />}
        </LazyDetails>
        {tool.outputSchema && (
          <LazyDetails className="schema-details" summary="Output schema">
            {() => <LargeText className="code-block" text={prettyJson(tool.outputSchema)} fileName={`${tool.name}-output-schema.json`} />}
          </LazyDetails>
        )}
      </div>

      {awaitingConfirm && (
        <ConfirmRunDialog
          toolName={tool.name}
          reason={toolRisk(tool).reason}
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
            ref={result}
            status={status}
            outcome={call?.result}
            error={call?.error ?? null}
            durationMs={call?.durationMs}
            progress={{ ...(call?.progress && { progress: call.progress }), ...(call?.task && { task: call.task }) }}
            onRetry={() => call && run(call.params.arguments)}
          />
          <CallAnnouncer call={call} />
          {tool.ui && call?.status === 'success' && call.result && (
            <AppFrame key={call.id} uri={tool.ui.resourceUri} input={call.params.arguments} result={call.result} />
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
