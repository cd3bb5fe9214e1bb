/**
 * A link asked to connect (`&connect=1`): to a server the user has not saved, say what it is about to do
 * and wait for a yes; to a saved server that keeps some values off this device (header values, credential
 * parameters of its URL), ask for those values first, and connect only when none is blank. A local relay's
 * link says which relay and what the link claims it runs. The question takes the focus when it appears,
 * so a keyboard is on it at once; Escape is Not now.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { linkNeedKey, type LinkNeed } from '../../state/index.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useCommands, useStoreOf } from '../services.tsx';
import { maskUrlCredentials } from '../../shared/redact.ts';
import { redactConsoleLine } from '../../shared/relay-console.ts';

/** What a need is called on screen and to assistive technology. */
const needLabel = (need: LinkNeed) => (need.in === 'header' ? need.name : `${need.name} in the URL`);

export function LinkRequest() {
  const url = useStoreOf('view', (state) => state.pendingLink);
  const needs = useStoreOf('view', (state) => state.linkNeeds);
  const relay = useStoreOf('view', (state) => state.linkRelay);
  const { confirmLink, dismissLink } = useCommands().savedServers;
  const [values, setValues] = useState<Record<string, string>>({});
  const region = useRef<HTMLElement>(null);
  const asking = url !== null;
  useEffect(() => {
    if (asking) region.current?.focus();
  }, [asking]);
  if (url === null) return null;
  const missing = needs.filter((need) => !values[linkNeedKey(need)]?.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing.length === 0) confirmLink(values);
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dismissLink();
  };
  return (
    <section className="panel link-request" aria-label="Link request" ref={region} tabIndex={-1} onKeyDown={escape}>
      <form onSubmit={submit}>
        {relay ? (
          <RelayQuestion url={url} runs={relay.runs} />
        ) : needs.length === 0 ? (
          <p>
            This link asks to connect to{' '}
            <span className="mono break">
              <ServerText text={maskUrlCredentials(url)} />
            </span>
            . Connecting sends MCP requests to that server from this browser, with the headers in the connection bar.
          </p>
        ) : (
          <>
            <p>
              This link asks to connect to your saved server{' '}
              <span className="mono break">
                <ServerText text={maskUrlCredentials(url)} />
              </span>
              . It keeps {needs.length === 1 ? 'this value' : 'these values'} off this device: type {needs.length === 1 ? 'it' : 'them'} to
              connect. Nothing is sent without a value.
            </p>
            <div className="link-request-values">
              {needs.map((need) => (
                <label key={linkNeedKey(need)}>
                  <span className="mono">{needLabel(need)}</span>
                  <input
                    className="input mono"
                    type="password"
                    aria-label={`Value of ${needLabel(need)}`}
                    autoComplete="off"
                    spellCheck={false}
                    value={values[linkNeedKey(need)] ?? ''}
                    onChange={(event) => setValues({ ...values, [linkNeedKey(need)]: event.target.value })}
                  />
                </label>
              ))}
            </div>
          </>
        )}
        <div className="link-request-actions">
          <button type="submit" className="button button-primary" aria-disabled={missing.length > 0 || undefined}>
            Connect to this server
          </button>
          <button type="button" className="button" onClick={dismissLink}>
            Not now
          </button>
          {missing.length > 0 && (
            <span className="muted" role="status">
              Needs a value for {missing.map(needLabel).join(', ')}.
            </span>
          )}
        </div>
      </form>
    </section>
  );
}

/** A local relay's link: which relay, what the link says it runs, and what saying yes does. */
function RelayQuestion({ url, runs }: { url: string; runs: string | null }) {
  return (
    <>
      <p>
        This link asks to connect through the <strong>local relay</strong> at{' '}
        <span className="mono break">
          <ServerText text={url} />
        </span>
        {runs === null ? (
          '. It does not say what the relay runs; the terminal you started it in does.'
        ) : (
          <>
            , which it says runs{' '}
            <span className="mono break link-request-runs">
              <ServerText text={redactConsoleLine(runs)} />
            </span>
            .
          </>
        )}
      </p>
      <p className="muted">
        A relay is a program on this machine. Connect only if you started it: connecting sends it the token that came with this link and MCP
        requests from this browser. Not now leaves the relay in the connection bar.
      </p>
    </>
  );
}
