import { useState, type ReactNode } from 'react';
import type { RelayAdvice } from '../../shared/relay.ts';

/**
 * A relay command as `relayAdvice` words it for this copy of the app (src/shared/relay.ts), with Copy when
 * asked, and folded under it its PowerShell form (for the downloaded single file with the check of its
 * SHA-256). `shown` is the same advice with the URL's credentials masked for the screen; Copy still copies
 * the one that works.
 */
export function RelayAdviceBlock({
  advice,
  shown = advice,
  intro,
  copyLabel,
}: {
  advice: RelayAdvice;
  shown?: RelayAdvice;
  /** The line above the command, beside Copy. */
  intro?: ReactNode;
  copyLabel?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(advice.command).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="relay-advice">
      {(intro !== undefined || copyLabel !== undefined) && (
        <div className="cors-fixes-head">
          {intro}
          {copyLabel !== undefined && (
            <button type="button" className="button button-small" onClick={copy}>
              {copied ? 'Copied' : copyLabel}
            </button>
          )}
        </div>
      )}
      <pre className="code-block relay-command" aria-label="Relay command">
        {shown.command}
      </pre>
      {shown.check !== undefined && (
        <span className="hint relay-trust">
          This downloads the relay from the host of this page and runs it with Node, with your access to this machine: run it only from a
          host you trust.
        </span>
      )}
      {shown.check === undefined && (
        <details className="relay-more">
          <summary>In PowerShell</summary>
          <span className="hint">
            PowerShell drops a bare <code>--</code> before npm or npx sees it, so it is quoted here:
          </span>
          <pre className="code-block relay-command" aria-label="Relay command for PowerShell">
            {shown.powershell}
          </pre>
        </details>
      )}
      {shown.check !== undefined && (
        // Folded: the command above is what most people run, and a config import repeats this per server.
        <details className="relay-more">
          <summary>PowerShell, and checking the file</summary>
          <span className="hint">In PowerShell on Windows:</span>
          <pre className="code-block relay-command" aria-label="Relay command for PowerShell">
            {shown.powershell}
          </pre>
          <span className="hint">
            Its SHA-256 is published beside it, which shows the download is whole and is what this host publishes. To check it (on macOS,{' '}
            <code>shasum -a 256 -c</code> in place of <code>sha256sum -c</code>; PowerShell prints True when it matches):
          </span>
          <pre className="code-block relay-command" aria-label="Check the relay file">
            {`${shown.check.posix}\n${shown.check.powershell}`}
          </pre>
        </details>
      )}
    </div>
  );
}
