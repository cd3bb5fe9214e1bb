import { ServerText } from '../common/ServerText.tsx';
import { usePresentation } from './use-presentation.ts';

/** A header value or session id: shown as server text, or a stand-in where the policy hides values. */
export function HeaderValue({ text }: { text: string }) {
  const { hideValues, hiddenText } = usePresentation();
  return hideValues ? <span className="muted">{hiddenText}</span> : <ServerText text={text} />;
}
