import { useState } from 'react';
import { downloadText } from '../common/download.ts';
import { formatBytes } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';

/** Text up to this size renders at once; beyond it, in steps, so a 10 MB result never blocks the page. */
const INLINE_TEXT_CHARS = 64 * 1024;
const STEP_CHARS = 256 * 1024;

/**
 * Server text that may be huge. Laying out megabytes in one <pre> costs seconds of main thread; this shows
 * the first 64 KB, offers more in 256 KB steps, and the whole text as a download.
 */
export function LargeText({
  text,
  className = 'content-text',
  fileName = 'tool-result.txt',
}: {
  text: string;
  className?: string;
  fileName?: string;
}) {
  const [shown, setShown] = useState(INLINE_TEXT_CHARS);
  if (text.length <= INLINE_TEXT_CHARS) {
    return (
      <pre className={className}>
        <ServerText text={text} />
      </pre>
    );
  }
  const visible = text.slice(0, shown);
  const rest = text.length - visible.length;
  return (
    <div className="large-text">
      <pre className={className}>
        <ServerText text={visible} />
      </pre>
      <p className="large-text-bar muted">
        {rest > 0
          ? `Showing ${formatBytes(visible.length)} of ${formatBytes(text.length)} characters.`
          : `All ${formatBytes(text.length)} shown.`}{' '}
        {rest > 0 && (
          <button type="button" className="button button-small" onClick={() => setShown((value) => value + STEP_CHARS)}>
            Show {formatBytes(Math.min(STEP_CHARS, rest))} more
          </button>
        )}{' '}
        <button type="button" className="button button-small" onClick={() => downloadText(fileName, text, 'text/plain')}>
          Download full text
        </button>
      </p>
    </div>
  );
}
