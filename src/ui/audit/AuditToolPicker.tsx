import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { plural } from '../../shared/read.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useScope, useStoreOf } from '../services.tsx';
import { ConfirmRunDialog } from '../tools/ConfirmRunDialog.tsx';
import { toolRisk, type ToolRiskLevel } from '../../shared/tool-hints.ts';

interface Props {
  ticked: ReadonlySet<string>;
  onChange(next: ReadonlySet<string>): void;
  disabled: boolean;
}

/**
 * The side effects an audit may have, opt-in per tool: nothing is ticked at first, so a run only reads. Each
 * tool is its own tick (none in bulk: a read-only tool may still ask the person something, and the run waits
 * for the answer); one that may be destructive is confirmed first, as running it from the Tools tab would be.
 */
export function AuditToolPicker({ ticked, onChange, disabled }: Props) {
  const { queries, offers } = useScope();
  const tools = useQuery({ ...queries.tools(), enabled: offers('tools') });
  const confirmDestructive = useStoreOf('prefs', (state) => state.confirmDestructive);
  const [asking, setAsking] = useState<{ name: string; reason: string } | null>(null);
  if (!offers('tools')) return null;
  const list = tools.data?.tools ?? [];
  const set = (name: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(name);
    else next.delete(name);
    onChange(next);
  };

  return (
    <details className="audit-tools">
      <summary>
        Tools to call{' '}
        <span className="muted">({ticked.size === 0 ? 'none: the audit only reads' : `${plural(ticked.size, 'tool')} ticked`})</span>
      </summary>
      <p className="muted">
        The <code>tool-calls</code> check calls each ticked tool once, with your saved request for it (History) or arguments built from its
        input schema. A tool that asks you something (a form, a sampling request) waits for your answer, as it does in the Tools tab.
      </p>
      {tools.isPending && <p className="muted">Loading tools…</p>}
      <ul className="audit-tool-list" aria-label="Tools the audit may call">
        {list.map((tool) => {
          const risk = toolRisk(tool);
          return (
            <li key={tool.name}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked.has(tool.name)}
                  disabled={disabled}
                  onChange={(event) => {
                    if (event.target.checked && risk.asks && confirmDestructive) setAsking({ name: tool.name, reason: risk.reason });
                    else set(tool.name, event.target.checked);
                  }}
                />{' '}
                <span className="mono">
                  <ServerText text={tool.name} />
                </span>{' '}
                <span className={`badge${BADGE_CLASS[risk.level]}`}>{BADGE_TEXT[risk.level]}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {asking && (
        <ConfirmRunDialog
          toolName={asking.name}
          reason={asking.reason}
          onConfirm={() => {
            set(asking.name, true);
            setAsking(null);
          }}
          onDismiss={() => setAsking(null)}
        />
      )}
    </details>
  );
}

const BADGE_TEXT: Record<ToolRiskLevel, string> = {
  'read-only': 'read-only',
  changes: 'changes things',
  destructive: 'may be destructive',
};
const BADGE_CLASS: Record<ToolRiskLevel, string> = { 'read-only': ' badge-safe', changes: '', destructive: ' badge-danger' };
