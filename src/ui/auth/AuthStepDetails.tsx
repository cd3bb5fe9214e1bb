import type { Presentation } from '../../app/presentation/presentation.ts';
import type { AuthStep } from '../../shared/auth.ts';

/**
 * One step's detail, its facts (the issuer a credential is keyed by, offline_access, the refresh token),
 * the rule it follows and its HTTP exchange (already masked by the engine), as text. The presentation
 * policy (the caller's `usePresentation()`) masks the URLs in all of it, and hides the values of the
 * headers sent, where it says so.
 */
export function AuthStepDetails({ step, presentation }: { step: AuthStep; presentation: Presentation }) {
  const { maskUrlsIn: shown, hideValues, hiddenText } = presentation;
  const http = step.http;
  const sent = (value: string) => (hideValues ? hiddenText : value);
  return (
    <div className="auth-step-body">
      {step.detail && <p className="auth-step-detail">{shown(step.detail)}</p>}
      {step.facts && step.facts.length > 0 && (
        <dl className="auth-facts">
          {step.facts.map((fact) => (
            <div key={fact.label} className="auth-fact">
              <dt>{fact.label}</dt>
              <dd>{shown(fact.value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="auth-step-rule">
        <span className="muted">Rule: </span>
        {step.rule}
      </p>
      {step.verdict === 'unreachable' && (
        <p className="auth-step-hint">
          Paste a token instead: add a header <code>Authorization</code> with the value <code>Bearer &lt;token&gt;</code> next to the Server
          URL, then Connect.
        </p>
      )}
      {http && (
        <div className="auth-http">
          {/* Focusable: a long exchange scrolls, and the keyboard must reach it (axe scrollable-region-focusable). */}
          <pre className="code-block" aria-label="Request" tabIndex={0}>
            {shown(
              `${http.method} ${http.url}\n${http.requestHeaders.map(([k, v]) => `${k}: ${sent(v)}`).join('\n')}${http.requestBody ? `\n\n${http.requestBody}` : ''}`,
            )}
          </pre>
          <pre className="code-block" aria-label="Response" tabIndex={0}>
            {shown(
              http.status !== undefined
                ? `HTTP ${http.status}\n${(http.responseHeaders ?? []).map(([k, v]) => `${k}: ${v}`).join('\n')}${http.responseBody ? `\n\n${http.responseBody}` : ''}`
                : `No response: ${http.error ?? 'unknown error'}`,
            )}
          </pre>
        </div>
      )}
    </div>
  );
}
