/**
 * Paste or drop a client's config (Claude Desktop, Claude Code, Cursor, VS Code): each remote server is
 * saved; each local (stdio) one is listed with the relay command that would let this page reach it.
 */
import { useId, useState, type DragEvent } from 'react';
import type { ImportOutcome } from '../../app/index.ts';
import { MAX_CONFIG_CHARS, stdioRelayAdvice } from '../../app/saved-servers/server-config.ts';
import { lensContext, thisAppUrl } from '../common/lens-context.ts';
import { RelayAdviceBlock } from '../common/RelayAdviceBlock.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { useCommands } from '../services.tsx';
import { formatCount, plural, pluralWord } from '../../shared/read.ts';

export function ImportConfig() {
  const ids = { text: useId(), title: useId() };
  const { importConfig } = useCommands().savedServers;
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (!file) return;
    // Checked before reading: a dropped file can be anything, of any size.
    if (file.size > MAX_CONFIG_CHARS) {
      setDropError(`${file.name} is ${formatCount(file.size)} bytes; configs up to ${formatCount(MAX_CONFIG_CHARS)} are read.`);
      return;
    }
    setDropError(null);
    void file.text().then(setText);
  };

  return (
    <section className="panel import-config" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="section-title">
        Import a config
      </h2>
      <label htmlFor={ids.text} className="hint">
        Paste or drop an <code>mcpServers</code> config (Claude Desktop, Claude Code <code>.mcp.json</code>, Cursor) or a VS Code{' '}
        <code>servers</code> config. Remote servers are saved by name, URL and header names; header values are not kept.
      </label>
      <textarea
        id={ids.text}
        className="input mono import-text"
        aria-label="Config JSON"
        rows={5}
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
      />
      {dropError && <p className="field-error">{dropError}</p>}
      <button type="button" className="button" disabled={text.trim() === ''} onClick={() => setOutcome(importConfig(text))}>
        Import
      </button>
      {outcome && <ImportResult outcome={outcome} />}
    </section>
  );
}

function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const { added, stdio, problems } = outcome;
  return (
    <div className="import-result" role="status">
      <p>
        {added.length === 0 ? 'No remote servers to save.' : `Saved ${plural(added.length, 'server')}.`}
        {stdio.length > 0 && ` ${plural(stdio.length, 'local (stdio) server')} ${pluralWord(stdio.length, 'needs', 'need')} the relay:`}
      </p>
      {stdio.length > 0 && (
        <ul className="stdio-list" aria-label="Local servers">
          {stdio.map((entry, index) => (
            <li key={index}>
              <span className="saved-server-name">
                <ServerText text={entry.name} />
              </span>
              <RelayAdviceBlock advice={stdioRelayAdvice(entry, lensContext(), thisAppUrl())} />
              {entry.envNames.length > 0 && (
                <p className="hint">Set {entry.envNames.join(', ')} in that shell first (values are not imported).</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {problems.length > 0 && (
        <ul className="import-problems" aria-label="Not imported">
          {problems.map((problem, index) => (
            <li key={index} className="field-error">
              <ServerText text={problem} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
