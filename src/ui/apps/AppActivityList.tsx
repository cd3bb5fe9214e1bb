import { ServerText } from '../common/ServerText.tsx';
import type { AppActivity } from './app-host.ts';

const BADGE: Record<AppActivity['kind'], string> = {
  ready: 'ready',
  call: 'via host',
  message: 'message',
  log: 'log',
  refused: 'refused',
  link: 'link',
};

/** What the app did through the host, and what was refused, newest last. */
export function AppActivityList({ items }: { items: readonly AppActivity[] }) {
  return (
    <section role="region" aria-label="App activity" className="app-activity">
      {items.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ol>
          {items.map((item, index) => (
            <li key={index} className={`app-activity-${item.kind}${'ok' in item && !item.ok ? ' app-activity-failed' : ''}`}>
              <span className={`badge${item.kind === 'refused' ? ' badge-warning' : ''}`}>{BADGE[item.kind]}</span>{' '}
              <ServerText text={item.text} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
