import { usesRelay } from '../../shared/relay.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { useCommands, useStoreOf } from '../services.tsx';
import { connectReadiness } from './connect-readiness.ts';
import { UseSuggestedUrl } from './UseSuggestedUrl.tsx';
import { RestartButton } from '../console/RestartButton.tsx';

/**
 * Why the last Connect failed and what to do, at the top of the page body where the server's work would be.
 * It lived under the toolbar and pushed the whole page down: the CORS advice took about 470 px at 1280×720
 * and left the message log two rows.
 */
export function ConnectFailure() {
  const input = useStoreOf('connection', (state) => state.input);
  const phase = useStoreOf('connection', (state) => state.phase);
  const error = useStoreOf('connection', (state) => state.error);
  const { connect, connectAsLegacy } = useCommands().connection;
  const { setUrl } = useStoreOf('connection', (state) => state.actions);
  // The stdio server behind the relay exited (its console says so last): Restart is the fix.
  const exited = useStoreOf('console', (state) => state.lines.at(-1)?.kind === 'exit');
  if (phase !== 'failed' || !error) return null;
  const { urlCheck, canConnect } = connectReadiness(input, phase);
  // Failed, there is no session to ask about ending: the suggested URL connects at once.
  const takeSuggestedUrl = (url: string) => {
    setUrl(url);
    void connect();
  };
  return (
    <div className="connect-failure" role="alert">
      <ErrorDetails
        error={error}
        lead="Could not connect"
        onConnectLegacy={canConnect ? () => void connectAsLegacy() : undefined}
        serverUrl={usesRelay(input.headers) ? undefined : input.url}
        // A URL that does not check has its suggestion beside the field already.
        fix={
          urlCheck.ok && error.suggestedUrl !== undefined && error.suggestedUrl !== urlCheck.url ? (
            <UseSuggestedUrl url={error.suggestedUrl} onUse={takeSuggestedUrl} />
          ) : exited && usesRelay(input.headers) ? (
            <RestartButton />
          ) : undefined
        }
      />
    </div>
  );
}
