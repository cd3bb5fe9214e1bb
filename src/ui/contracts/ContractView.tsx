import { useRef, useState, type DragEvent } from 'react';
import { changeCounts, diffLines } from '../../shared/contract/contract-report.ts';
import { SEVERITIES, type ContractChange, type Severity } from '../../shared/contract/contract-rules.ts';
import { plural } from '../../shared/read.ts';
import type { ContractComparison } from '../../state/index.ts';
import { ServerText } from '../common/ServerText.tsx';
import { ExportButton } from '../presentation/ExportButton.tsx';
import { useCommands, useConnectionName, useScope, useStoreOf, useWorkspaceState } from '../services.tsx';
import { FilePicker } from '../common/FilePicker.tsx';
import { FilterToggles, useFilterSet } from '../common/FilterToggles.tsx';
import { useOpenFile } from '../common/use-open-file.tsx';
import './contracts.css';

const SEVERITY_LABEL: Record<Severity, string> = { breaking: 'Breaking', risky: 'Risky', safe: 'Safe', info: 'Info' };
const SEVERITY_SYMBOL: Record<Severity, string> = { breaking: '✕', risky: '!', safe: '✓', info: 'i' };

/**
 * The Contract tab (docs/contracts.md): save the connected server's contract snapshot, or compare it with a
 * snapshot file or another open connection, and read the changes grouped breaking, risky, safe and info,
 * each with its JSON Pointer and its sentence.
 */
export function ContractView() {
  const comparison = useStoreOf('contract', (state) => state.comparison);
  const { ready, recording } = useScope();
  const { openFile, dialog } = useOpenFile();
  if (recording) return <p className="empty-state">A saved session has no live server to take a contract from; connect to one.</p>;
  // A file dropped here opens as Open session opens it: a contract snapshot is compared with this server (its
  // FileKind), and a collection over one with unsaved changes asks first.
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file) openFile(file);
  };
  return (
    <div className="contract-view" onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
      <ContractBar ready={ready} />
      {dialog}
      {comparison ? (
        <Comparison comparison={comparison} />
      ) : (
        <p className="empty-state contract-intro">
          {ready
            ? "Save this server's contract (its tools with their schemas and hints, prompts, resources and templates) as the file mcp-lens snapshot writes, or compare it with a snapshot (choose or drop one here) or another open connection: each change is classed breaking, risky or safe by the rules in docs/contracts.md."
            : 'Connect to a server to save its contract snapshot or compare it with one.'}
        </p>
      )}
    </div>
  );
}

/** Save, compare with a file, compare with a connection, and what is happening (a live region). */
function ContractBar({ ready }: { ready: boolean }) {
  const { saveContractSnapshot, compareContractWithFile, compareContractWithConnection } = useCommands().contract;
  const activity = useStoreOf('contract', (state) => state.activity);
  const error = useStoreOf('contract', (state) => state.error);
  const saved = useStoreOf('contract', (state) => state.saved);
  const activeId = useWorkspaceState((state) => state.activeId);
  const others = useWorkspaceState((state) => state.connections).filter((connection) => connection.id !== activeId);
  const [peerId, setPeerId] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = activity !== null;
  const peer = others.find((other) => other.id === peerId) ?? others[0];
  const compareWithPeer = () => {
    if (!peer) return;
    void compareContractWithConnection({ name: peer.app.name(), takeContractSnapshot: peer.app.commands.contract.takeContractSnapshot });
  };
  return (
    <>
      <div className="contract-toolbar">
        <ExportButton
          className="button button-primary"
          disabled={!ready || busy}
          title="Download this server's contract, the file mcp-lens snapshot writes"
          onClick={() => void saveContractSnapshot()}
        >
          Save contract snapshot
        </ExportButton>
        <button
          type="button"
          className="button"
          disabled={!ready || busy}
          title="Compare this server with a contract snapshot file (the baseline)"
          onClick={() => fileInput.current?.click()}
        >
          Compare with a file…
        </button>
        <FilePicker
          ref={fileInput}
          accept=".json,application/json"
          label="Contract snapshot to compare with"
          onFile={(file) => void compareContractWithFile(file)}
        />
        {others.length > 0 && (
          <span className="contract-peer">
            <label>
              Compare with connection{' '}
              <select value={peer?.id ?? ''} disabled={busy} onChange={(event) => setPeerId(event.target.value)}>
                {others.map((other) => (
                  <PeerOption key={other.id} id={other.id} />
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button"
              disabled={!ready || busy || !peer}
              title="Compare this server with the other connection's (the baseline), as staging beside production"
              onClick={compareWithPeer}
            >
              Compare
            </button>
          </span>
        )}
      </div>
      <p className="contract-status" role="status">
        {activity?.kind === 'saving' && 'Taking the contract snapshot: every page of every list…'}
        {activity?.kind === 'comparing' && (
          <>
            Comparing with <ServerText text={activity.against} />: listing every page…
          </>
        )}
        {activity === null && saved !== null && error === null && (
          <>
            Saved <ServerText text={saved} />.
          </>
        )}
      </p>
      {error !== null && (
        <p className="field-error contract-error" role="alert">
          <ServerText text={error} />
        </p>
      )}
    </>
  );
}

/** A connection by the workspace's name for it (distinct, src/app/connection/connection-names.ts). */
function PeerOption({ id }: { id: string }) {
  return <option value={id}>{useConnectionName(id)}</option>;
}

/** The two sides, the counts as filters, copy, and the changes grouped by severity. */
function Comparison({ comparison }: { comparison: ContractComparison }) {
  const { swapContractSides } = useCommands().contract;
  const { shown, toggle, keeps } = useFilterSet<Severity>();
  const [copied, setCopied] = useState<string | null>(null);
  const { changes } = comparison;
  const counts = changeCounts(changes);
  const kept = changes.filter((change) => keeps(change.severity));
  const copy = (what: string, text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(what),
      () => setCopied(null),
    );
  const sides = { old: comparison.old.label, new: comparison.new.label };
  return (
    <section className="contract-comparison" aria-label="Contract comparison">
      <div className="contract-sides">
        <dl className="contract-side-list">
          <dt>Baseline</dt>
          <dd>
            <Side side={comparison.old} />
          </dd>
          <dt>Compared</dt>
          <dd>
            <Side side={comparison.new} />
          </dd>
        </dl>
        <button type="button" className="button button-small" onClick={() => void swapContractSides()}>
          Swap sides
        </button>
      </div>
      {comparison.stale && (
        <p className="contract-note">This connection connected again since: compare again for what the server offers now.</p>
      )}
      {comparison.warnings.map((warning) => (
        <p key={warning} className="contract-note">
          <ServerText text={warning} />
        </p>
      ))}
      <div className="contract-filters">
        <strong className="contract-summary">
          {changes.length === 0
            ? 'No changes'
            : `${counts.breaking} breaking, ${counts.risky} risky, ${counts.safe} safe, ${counts.info} info`}
        </strong>
        {changes.length > 0 && (
          <FilterToggles label="Show changes" values={SEVERITIES} shown={shown} onToggle={toggle}>
            {(severity) => (
              <>
                <SeverityBadge severity={severity} /> {counts[severity]}
              </>
            )}
          </FilterToggles>
        )}
        <span className="contract-copy">
          <button type="button" className="button button-small" onClick={() => copy('text', diffLines(changes, true).join('\n'))}>
            Copy as text
          </button>
          <button
            type="button"
            className="button button-small"
            onClick={() => copy('JSON', JSON.stringify({ ...sides, summary: counts, changes }, null, 2))}
          >
            Copy as JSON
          </button>
          <span className="visually-hidden" role="status">
            {copied ? `Copied as ${copied}` : ''}
          </span>
        </span>
      </div>
      <div className="contract-groups" aria-label="Contract changes" role="region">
        {SEVERITIES.map((severity) => {
          const group = kept.filter((change) => change.severity === severity);
          return group.length === 0 ? null : <Group key={severity} severity={severity} changes={group} />;
        })}
        {changes.length > 0 && kept.length === 0 && (
          <p className="empty-state">No change has the classes picked; clear the filter to see all.</p>
        )}
      </div>
    </section>
  );
}

function Side({ side }: { side: ContractComparison['old'] }) {
  const { server, era, protocolVersion } = side.snapshot;
  return (
    <>
      <strong>
        <ServerText text={side.label} />
      </strong>{' '}
      <span className="contract-side-detail">
        ({side.kind === 'file' ? 'file' : 'connection'}: <ServerText text={server.name} /> <ServerText text={server.version} />, {era}{' '}
        {protocolVersion}, {plural(Object.keys(side.snapshot.tools).length, 'tool')})
      </span>
    </>
  );
}

function Group({ severity, changes }: { severity: Severity; changes: readonly ContractChange[] }) {
  const heading = `${SEVERITY_LABEL[severity]} (${changes.length})`;
  return (
    <section className="contract-group" aria-label={heading}>
      <h3 className={`contract-group-heading contract-severity-${severity}`}>
        <span aria-hidden="true">{SEVERITY_SYMBOL[severity]}</span> {heading}
      </h3>
      <ul className="contract-changes">
        {changes.map((change) => (
          <li key={`${change.rule} ${change.pointer}`} className="contract-change">
            <code className="contract-pointer">
              <ServerText text={change.pointer || '/'} />
            </code>
            <span className="contract-sentence">
              <ServerText text={change.sentence} />
            </span>
            <span className="contract-rule">{change.rule}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <span className={`contract-severity contract-severity-${severity}`}>
      <span aria-hidden="true">{SEVERITY_SYMBOL[severity]}</span> {SEVERITY_LABEL[severity]}
    </span>
  );
}
