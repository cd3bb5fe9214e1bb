import type { AuthStep, AuthVerdict } from '../../shared/auth.ts';
import { UrlText } from '../presentation/UrlText.tsx';
import { usePresentation } from '../presentation/use-presentation.ts';
import { AuthStepDetails } from './AuthStepDetails.tsx';

const VERDICT_LABEL: Record<AuthVerdict, string> = {
  ok: 'OK',
  info: 'Info',
  deviation: 'Deviation',
  refused: 'Refused',
  failed: 'Failed',
  unreachable: 'Unreachable',
};

/** Steps a person should see without asking: anything that went wrong, and a change of authorization server. */
const opensByItself = (step: AuthStep) => (step.verdict !== 'ok' && step.verdict !== 'info') || step.kind === 'as-change';

export function StepItem({ step }: { step: AuthStep }) {
  const presentation = usePresentation();
  return (
    <li className={`auth-step verdict-${step.verdict}`}>
      <details open={opensByItself(step)}>
        <summary>
          <span className={`verdict-badge verdict-${step.verdict}`}>{VERDICT_LABEL[step.verdict]}</span>
          <span className="auth-step-title">{step.title}</span>
          {step.http && (
            <span className="auth-step-http">
              {step.http.method} <UrlText url={step.http.url} />{' '}
              {step.http.status !== undefined ? `→ ${step.http.status}` : step.http.error ? '→ no response' : ''}
            </span>
          )}
        </summary>
        <AuthStepDetails step={step} presentation={presentation} />
      </details>
    </li>
  );
}
