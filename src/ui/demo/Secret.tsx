import { ServerText } from '../common/ServerText.tsx';
import { HIDDEN, useDemo } from './use-demo.ts';

/** A value that must not be on screen in demo mode (a session id, a header value): there it is replaced. */
export function Secret({ text }: { text: string }) {
  return useDemo() ? <span className="muted">{HIDDEN}</span> : <ServerText text={text} />;
}
