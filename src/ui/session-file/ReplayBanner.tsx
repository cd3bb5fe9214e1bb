import { formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useCommands, useStoreOf } from '../services.tsx';

/** Says a saved session is being browsed (read-only), or why a file could not be opened. */
export function ReplayBanner() {
  const { closeSessionFile } = useCommands().sessionFile;
  const replay = useStoreOf('sessionFile', (state) => state.replay);
  const openError = useStoreOf('sessionFile', (state) => state.openError);
  const { dismissError } = useStoreOf('sessionFile', (state) => state.actions);

  return (
    <>
      {openError && (
        <div className="session-banner session-error" role="alert">
          <span>
            <ServerText text={openError} />
          </span>
          <button type="button" className="button button-small" onClick={dismissError}>
            Dismiss
          </button>
        </div>
      )}
      {replay && (
        <section className="session-banner" aria-label="Saved session">
          <span>
            Viewing saved session{' '}
            <strong className="mono">
              <ServerText text={replay.fileName} />
            </strong>
            , saved {new Date(replay.savedAt).toLocaleDateString()} {formatTime(Date.parse(replay.savedAt))} — read-only.
          </span>
          <button type="button" className="button button-small" onClick={closeSessionFile}>
            Close saved session
          </button>
          {replay.catalogError && (
            <p className="session-banner-problem" role="alert">
              <ServerText text={replay.catalogError} />
            </p>
          )}
        </section>
      )}
    </>
  );
}
