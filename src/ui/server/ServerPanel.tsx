import { useStoreOf } from '../services.tsx';
import { ServerDetails } from './ServerDetails.tsx';
import './server.css';

export function ServerPanel() {
  const live = useStoreOf('connection', (state) => state.summary);
  // A saved session being browsed shows the server it was saved from.
  const saved = useStoreOf('sessionFile', (state) => state.replay?.server ?? null);
  const summary = live ?? saved;
  if (!summary) return null;
  return <ServerDetails summary={summary} />;
}
