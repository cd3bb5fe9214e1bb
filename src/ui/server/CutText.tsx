import { useState } from 'react';
import { formatCount } from '../../shared/read.ts';
import { ServerText } from '../common/ServerText.tsx';

/**
 * Server text shown short, with "Show all" on demand: a name, description or instructions can be
 * megabytes of invisible characters. The engine already cut what it sends (`ServerSummary.cut` holds the
 * original length), so nothing here measures more than the kept text.
 */
export function CutText({ text, shown, total, what }: { text: string; shown: number; total?: number | undefined; what: string }) {
  const [all, setAll] = useState(false);
  const longer = text.length > shown;
  const dropped = total !== undefined && total > text.length ? total - text.length : 0;
  if (!longer && dropped === 0) return <ServerText text={text} />;
  return (
    <>
      <ServerText text={all || !longer ? text : text.slice(0, shown)} />
      {!all && longer && '…'}{' '}
      {longer && (
        <button type="button" className="button button-small cut-toggle" aria-expanded={all} onClick={() => setAll((value) => !value)}>
          {all ? 'Show less' : `Show all ${what} (${formatCount(total ?? text.length)} characters)`}
        </button>
      )}
      {(all || !longer) && dropped > 0 && (
        <span className="muted cut-note">
          {' '}
          MCP Lens kept the first {formatCount(text.length)} of {formatCount(total!)} characters.
        </span>
      )}
    </>
  );
}
