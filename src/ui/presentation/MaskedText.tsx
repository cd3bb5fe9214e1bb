import { ServerText } from '../common/ServerText.tsx';
import { usePresentation } from './use-presentation.ts';

/**
 * Text that may carry a URL (a check's reason, an error, a sign-in step): shown as server text, each URL in
 * it masked where the presentation policy keeps credentials off screen.
 */
export function MaskedText({ text }: { text: string }) {
  const { maskUrlsIn } = usePresentation();
  return <ServerText text={maskUrlsIn(text)} />;
}
