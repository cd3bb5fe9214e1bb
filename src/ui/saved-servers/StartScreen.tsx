/**
 * The first screen, before a connection: a link's request to connect, the saved servers (recent first),
 * and the config import. It steps aside once connected or while a saved session is browsed.
 */
import { useStoreOf } from '../services.tsx';
import { ImportConfig } from './ImportConfig.tsx';
import { LinkRequest } from './LinkRequest.tsx';
import { SavedServerList } from './SavedServerList.tsx';
import './saved-servers.css';

export function StartScreen() {
  const phase = useStoreOf('connection', (state) => state.phase);
  const browsing = useStoreOf('sessionFile', (state) => state.replay !== null);
  if (phase === 'connected' || browsing) return null;
  return (
    <div className="workspace">
      <LinkRequest />
      <SavedServerList />
      <ImportConfig />
    </div>
  );
}
