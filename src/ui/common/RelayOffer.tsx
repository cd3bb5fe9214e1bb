import { useState } from 'react';
import { relayCommand } from '../../shared/relay.ts';
import { useShownUrl } from '../presentation/use-presentation.ts';

/**
 * The way round a server this browser cannot talk to: the exact command that runs the local relay for it,
 * with what the relay does and, as plainly, what it does not (docs/relay.md). The command names this page,
 * so the link the relay prints opens this very app, and the relay allows this page's origin.
 */
export function RelayOffer({ serverUrl }: { serverUrl: string }) {
  const [copied, setCopied] = useState(false);
  const appUrl = `${window.location.origin}${window.location.pathname}`;
  const command = relayCommand(serverUrl, appUrl);
  // On screen the URL's credentials may be masked (the presentation policy); Copy still copies the command that works.
  const shownCommand = relayCommand(useShownUrl(serverUrl), appUrl);
  const copy = () => {
    void navigator.clipboard?.writeText(command).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className="relay-offer" aria-label="Local relay">
      <div className="cors-fixes-head">
        <span className="hint">Can&apos;t change the server? Run the local relay (Node 22 or newer), then open the link it prints:</span>
        <button type="button" className="button button-small" onClick={copy}>
          {copied ? 'Copied' : 'Copy relay command'}
        </button>
      </div>
      <pre className="code-block relay-command" aria-label="Relay command">
        {shownCommand}
      </pre>
      <p className="hint relay-explain">
        It listens on 127.0.0.1 only, forwards to this one URL and nothing else, adds the CORS headers a browser needs, and accepts only
        this page with the token in its link. It does not change your server, run anything a page asks for, or keep running after Ctrl+C.
      </p>
    </section>
  );
}
