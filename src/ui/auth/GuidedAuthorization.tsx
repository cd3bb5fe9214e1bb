import { useState } from 'react';
import { GUIDED_STEPS, type AuthStep, type AuthStepKind, type GuidedStep } from '../../shared/auth.ts';
import { isEngineError } from '../../shared/errors.ts';
import { describeError } from '../../shared/read.ts';
import { redactUrl } from '../../shared/redact.ts';
import { MaskedText } from '../presentation/MaskedText.tsx';
import { UrlText } from '../presentation/UrlText.tsx';
import { useCommands, useStoreOf } from '../services.tsx';
import { StepItem } from './AuthStepItem.tsx';

const TITLES: Record<GuidedStep, string> = {
  'resource-metadata': 'Protected resource metadata',
  'server-metadata': 'Authorization server metadata',
  registration: 'Client registration',
  authorization: 'Authorize',
  token: 'Token',
  refresh: 'Refresh',
};

/** Which recorded steps belong to each guided step: its request and response. */
const KINDS: Record<GuidedStep, readonly AuthStepKind[]> = {
  'resource-metadata': ['resource-metadata'],
  'server-metadata': ['server-metadata'],
  registration: ['registration'],
  authorization: ['authorization'],
  token: ['callback', 'iss-check', 'token'],
  refresh: ['refresh'],
};

type State =
  | { phase: 'ready' }
  | { phase: 'running' }
  | { phase: 'done' | 'waiting' | 'skipped'; summary: string }
  | { phase: 'failed'; error: string };

const LABEL: Record<State['phase'], string> = {
  ready: 'Not run',
  running: 'Running…',
  done: 'Done',
  waiting: 'Waiting for you',
  skipped: 'Nothing to do',
  failed: 'Failed',
};

/**
 * OAuth step by step, before any 401 (the official inspector's guided flow): discovery, registration,
 * authorize (in a popup or this tab, as the automatic flow does), token, refresh. Each step shows what it
 * found and its request and response; Next runs one, Run all runs up to the sign-in. The sign-in's
 * callback finishes as usual: the token step fills in and MCP Lens connects.
 */
export function GuidedAuthorization({ serverUrl }: { serverUrl: string }) {
  const { runAuthorizationStep, authorize } = useCommands().auth;
  const steps = useStoreOf('auth', (s) => s.steps);
  const status = useStoreOf('auth', (s) => s.status);
  const [states, setStates] = useState<Partial<Record<GuidedStep, State>>>({});
  // Steps recorded before this run belong to an earlier flow.
  const [since, setSince] = useState<number | null>(null);
  const [popup, setPopup] = useState<string | null>(null);

  const tokenState = (): State => {
    if (states.authorization?.phase !== 'waiting' && states.authorization?.phase !== 'done') return { phase: 'ready' };
    if (status.phase === 'authorized') return { phase: 'done', summary: `Token received${status.scope ? ` for “${status.scope}”` : ''}.` };
    if (status.phase === 'failed') return { phase: 'failed', error: status.message };
    return { phase: 'ready' };
  };
  const stateOf = (step: GuidedStep): State => (step === 'token' ? tokenState() : (states[step] ?? { phase: 'ready' }));
  const next = GUIDED_STEPS.find((step) => step !== 'token' && ['ready', 'failed'].includes(stateOf(step).phase));
  const busy = GUIDED_STEPS.some((step) => stateOf(step).phase === 'running');
  // The refresh needs the token: until the sign-in is back, Next has nothing to run.
  const blocked = next === 'refresh' && stateOf('token').phase !== 'done';

  const run = async (step: Exclude<GuidedStep, 'token'>): Promise<boolean> => {
    setStates((current) => ({ ...current, [step]: { phase: 'running' } }));
    try {
      const result = await runAuthorizationStep(step);
      setStates((current) => ({ ...current, [step]: { phase: result.outcome, summary: result.summary } }));
      return result.outcome !== 'waiting';
    } catch (error) {
      setStates((current) => ({
        ...current,
        [step]: { phase: 'failed', error: isEngineError(error) ? error.message : describeError(error) },
      }));
      return false;
    }
  };
  const begin = () => {
    if (since === null) setSince(steps.at(-1)?.id ?? 0);
  };
  const runNext = () => {
    if (!next) return;
    begin();
    void run(next as Exclude<GuidedStep, 'token'>);
  };
  const runAll = async () => {
    begin();
    for (const step of GUIDED_STEPS) {
      if (step === 'token' || step === 'refresh') break;
      if (['done', 'skipped'].includes(stateOf(step).phase)) continue;
      if (!(await run(step))) break;
    }
  };
  const startOver = () => {
    setStates({});
    setSince(steps.at(-1)?.id ?? 0);
    setPopup(null);
  };
  const openSignIn = () => {
    if (status.phase !== 'awaiting-user') return;
    const outcome = authorize(status.url);
    setPopup(
      outcome.kind === 'opened'
        ? null
        : outcome.kind === 'blocked'
          ? 'The popup was blocked: use Continue in this tab above.'
          : outcome.message,
    );
  };

  const recorded = (step: GuidedStep): AuthStep[] =>
    since === null ? [] : steps.filter((item) => item.id > since && KINDS[step].includes(item.kind));

  return (
    <section className="guided-auth" aria-label="Guided authorization">
      <h3 className="list-section-title">Guided authorization</h3>
      <p className="muted">
        Step through OAuth for{' '}
        {serverUrl ? (
          <code>
            {/* Masked always, as on the server panel; on stage by the wider rule too. */}
            <UrlText url={serverUrl} redact={redactUrl} />
          </code>
        ) : (
          'the server in the Server URL box'
        )}{' '}
        without waiting for a 401: each step shows its request and response. Connecting runs the same flow all at once.
      </p>
      <ol className="guided-steps" aria-label="Guided steps">
        {GUIDED_STEPS.map((step, index) => {
          const state = stateOf(step);
          const items = recorded(step);
          return (
            <li key={step} className={`guided-step guided-${state.phase}`} aria-current={step === next && !busy ? 'step' : undefined}>
              <div className="guided-step-head">
                <span className="guided-step-title">
                  {index + 1}. {TITLES[step]}
                </span>
                <span className={`guided-badge guided-badge-${state.phase}`}>{LABEL[state.phase]}</span>
              </div>
              {'summary' in state && (
                <p className="guided-summary">
                  <MaskedText text={state.summary} />
                </p>
              )}
              {state.phase === 'failed' && (
                <p className="auth-error" role="alert">
                  <MaskedText text={state.error} />
                </p>
              )}
              {step === 'authorization' && state.phase === 'waiting' && status.phase === 'awaiting-user' && (
                <p className="guided-actions">
                  <button type="button" className="button button-primary" onClick={openSignIn}>
                    Open the sign-in page
                  </button>
                  {popup && <span className="auth-error">{popup}</span>}
                </p>
              )}
              {items.length > 0 && (
                <ol className="auth-steps" aria-label={`${TITLES[step]}: requests and responses`}>
                  {items.map((item) => (
                    <StepItem key={item.id} step={item} />
                  ))}
                </ol>
              )}
            </li>
          );
        })}
      </ol>
      <div className="auth-settings-actions">
        <button type="button" className="button button-primary" onClick={runNext} disabled={!next || busy || blocked || !serverUrl}>
          {next ? `Next: ${TITLES[next]}` : 'Next'}
        </button>
        <button type="button" className="button" onClick={() => void runAll()} disabled={busy || !serverUrl || next === 'refresh' || !next}>
          Run all
        </button>
        <button type="button" className="button" onClick={startOver} disabled={busy || since === null}>
          Start over
        </button>
      </div>
    </section>
  );
}
