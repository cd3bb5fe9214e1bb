import { useState } from 'react';
import { corsFixes, type CorsDiagnosis } from '../../shared/cors.ts';

/**
 * A copyable fix for the CORS doctor's finding (the error message above it says what it found) for the
 * common server stacks, with this app's own origin filled in. When only the 2026-07-28 headers are
 * missing, it lists them and offers to connect as 2025, which needs none of them.
 */
export function CorsFixes({ diagnosis, onConnectLegacy }: { diagnosis: CorsDiagnosis; onConnectLegacy?: (() => void) | undefined }) {
  const fixes = corsFixes(diagnosis, window.location.origin);
  const [stack, setStack] = useState(fixes[0]!.stack);
  const [copied, setCopied] = useState(false);
  const fix = fixes.find((f) => f.stack === stack) ?? fixes[0]!;
  const copy = () => {
    void navigator.clipboard?.writeText(fix.code).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const missing = diagnosis.finding === 'modern-headers-not-allowed' ? (diagnosis.missingHeaders ?? []) : [];
  return (
    <section className="cors-fixes" aria-label="CORS fix">
      {missing.length > 0 && (
        <div className="cors-missing">
          <span className="hint">Add to Access-Control-Allow-Headers:</span>
          <ul className="cors-missing-list" aria-label="Headers to allow">
            {missing.map((header) => (
              <li key={header} className="mono">
                {header}
              </li>
            ))}
          </ul>
          {onConnectLegacy && (
            <button type="button" className="button button-small button-primary" onClick={onConnectLegacy}>
              Connect as 2025
            </button>
          )}
        </div>
      )}
      <div className="cors-fixes-head">
        <span className="hint">The fix for your server:</span>
        <div className="segmented" role="group" aria-label="Server stack">
          {fixes.map((f) => (
            <button
              key={f.stack}
              type="button"
              aria-pressed={f.stack === fix.stack}
              onClick={() => {
                setStack(f.stack);
                setCopied(false);
              }}
            >
              {f.stack}
            </button>
          ))}
        </div>
        <button type="button" className="button button-small" onClick={copy}>
          {copied ? 'Copied' : 'Copy fix'}
        </button>
      </div>
      <pre className="code-block cors-fix-code" aria-label={`Fix for ${fix.stack}`}>
        {fix.code}
      </pre>
    </section>
  );
}
