/**
 * Opens one app with chosen input: either as-is (the app gets the input and no result), or by running one
 * of the tools that show it first, so it gets that call's result too.
 */
import { useId, useState } from 'react';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { useCall, useCommands } from '../services.tsx';
import { AppFrame } from './AppFrame.tsx';
import type { Tool } from '../../shared/model.ts';
import type { AppEntry } from './app-catalog.ts';

type Opened = { id: number; input: Record<string, unknown>; withResult: boolean };

/** A starting input: the defaults the tool's inputSchema declares at its top level. */
function schemaDefaults(tool: Tool | undefined): Record<string, unknown> {
  const properties = tool?.inputSchema.properties;
  if (typeof properties !== 'object' || properties === null) return {};
  return Object.fromEntries(
    Object.entries(properties as Record<string, { default?: unknown }>).flatMap(([name, property]) =>
      property !== null && typeof property === 'object' && property.default !== undefined ? [[name, property.default]] : [],
    ),
  );
}

export function AppLauncher({ app }: { app: AppEntry }) {
  const ids = useId();
  const { startCall } = useCommands().jobs;
  // "Run tool and open" is a tool-call job (src/app/calls.ts); the app opens once it has succeeded.
  const [launch, setLaunch] = useState<{ jobId: string; next: Opened } | null>(null);
  const job = useCall(launch?.jobId ?? null);
  const call = job?.kind === 'tool' ? job : undefined;
  const [toolName, setToolName] = useState(app.tools.find((t) => t.ui?.visibility.includes('model'))?.name ?? app.tools[0]?.name ?? '');
  const [inputText, setInputText] = useState(() => JSON.stringify(schemaDefaults(app.tools.find((t) => t.name === toolName))));
  const [inputError, setInputError] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);

  const parseInput = (): Record<string, unknown> | null => {
    try {
      const value: unknown = JSON.parse(inputText);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        setInputError(null);
        return value as Record<string, unknown>;
      }
    } catch {
      // Reported below, like a value that parses but is not an object.
    }
    setInputError('The tool input must be a JSON object, e.g. {"region": "north"}.');
    return null;
  };

  // The app shown: the launched one once its call succeeded, else the one opened before.
  const shown = launch && call?.status === 'success' ? launch.next : opened;

  const open = (withResult: boolean) => {
    const input = parseInput();
    if (!input) return;
    const next = { id: (shown?.id ?? 0) + 1, input, withResult };
    setOpened(shown);
    if (withResult) setLaunch({ jobId: startCall('tool', { name: toolName, arguments: input }), next });
    else {
      setLaunch(null);
      setOpened(next);
    }
  };

  return (
    <section className="app-launcher" aria-label={`App ${app.uri}`}>
      <h3 className="section-title">
        <ServerText text={app.name} />
      </h3>
      {app.tools.length > 0 && (
        <label className="field" htmlFor={`${ids}-tool`}>
          <span>Tool</span>
          <select id={`${ids}-tool`} value={toolName} onChange={(event) => setToolName(event.target.value)}>
            {app.tools.map((tool) => (
              <option key={tool.name} value={tool.name}>
                {tool.name}
                {tool.ui?.visibility.includes('model') ? '' : ' (app only)'}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field" htmlFor={`${ids}-input`}>
        <span>Tool input (JSON)</span>
        <textarea
          id={`${ids}-input`}
          className="mono"
          rows={4}
          value={inputText}
          onChange={(event) => setInputText(event.target.value)}
          aria-invalid={inputError !== null}
        />
      </label>
      {inputError && <p className="error-text">{inputError}</p>}
      <div className="tool-actions">
        <button type="button" className="button" onClick={() => open(false)}>
          Open app
        </button>
        {app.tools.length > 0 && (
          <button type="button" className="button button-primary" onClick={() => open(true)} disabled={call?.status === 'running'}>
            {call?.status === 'running' ? 'Running…' : 'Run tool and open'}
          </button>
        )}
      </div>
      {call?.error && <ErrorDetails error={call.error} lead="The tool call failed" />}
      {shown && (
        <AppFrame
          key={shown.id}
          uri={app.uri}
          {...(app.listed && { listed: app.listed })}
          input={shown.input}
          {...(shown.withResult && call?.result && { result: call.result })}
        />
      )}
    </section>
  );
}
