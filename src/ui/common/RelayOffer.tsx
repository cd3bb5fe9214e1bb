import { relayCommand } from '../../shared/relay.ts';
import { useShownUrl } from '../presentation/use-presentation.ts';
import { lensContext, thisAppUrl } from './lens-context.ts';
import { RelayAdviceBlock } from './RelayAdviceBlock.tsx';

/**
 * The way round a server this browser cannot talk to: the exact command that runs the local relay for it,
 * in the form that works where this copy of the app came from (src/shared/relay.ts, `relayAdvice`), with
 * what the relay does and, as plainly, what it does not (docs/relay.md). The command names this page, so
 * the link the relay prints opens this very app, and the relay allows this page's origin.
 */
export function RelayOffer({ serverUrl }: { serverUrl: string }) {
  const appUrl = thisAppUrl();
  const advice = relayCommand(lensContext(), appUrl, serverUrl);
  // On screen the URL's credentials may be masked (the presentation policy); Copy still copies the command that works.
  const shown = relayCommand(lensContext(), appUrl, useShownUrl(serverUrl));
  return (
    <section className="relay-offer" aria-label="Local relay">
      <RelayAdviceBlock
        advice={advice}
        shown={shown}
        intro={
          <span className="hint">Can&apos;t change the server? Run the local relay (Node 22 or newer), then open the link it prints:</span>
        }
        copyLabel="Copy relay command"
      />
      <p className="hint relay-explain">
        It listens on 127.0.0.1 only, forwards to this one URL and nothing else, adds the CORS headers a browser needs, and accepts only
        this page with the token in its link. It does not change your server, run anything a page asks for, or keep running after Ctrl+C.
      </p>
    </section>
  );
}
