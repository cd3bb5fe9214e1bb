import { useState } from 'react';
import { corsFixes, type CorsDiagnosis } from '../../shared/cors.ts';

/** A copyable fix for the CORS doctor's finding (the error message above it says what it found) for the common server stacks, with this app's own origin filled in. */
export function CorsFixes({ diagnosis }: { diagnosis: CorsDiagnosis }) {
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
  return (
    <section className="cors-fixes" aria-label="CORS fix">
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
