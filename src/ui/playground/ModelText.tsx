import { useState } from 'react';
import { formatCount } from '../../shared/read.ts';

/** Characters of a model's text rendered at first, and per "show more": a page of prose is far less. */
export const TEXT_PAGE = 20_000;

/**
 * A model's text, as text, in bounded pieces: a provider that streams megabytes (asked for 2,048 tokens, one
 * sent 24 MB) would otherwise be laid out whole on every chunk, in main-thread tasks of seconds. The rest
 * waits behind a button that says how much there is.
 */
export function ModelText({ text }: { text: string }) {
  const [shown, setShown] = useState(TEXT_PAGE);
  if (text === '') return null;
  const hidden = text.length - shown;
  return (
    <>
      <p className="playground-text">{hidden > 0 ? text.slice(0, shown) : text}</p>
      {hidden > 0 && (
        <button type="button" className="button button-small" onClick={() => setShown(shown + TEXT_PAGE)}>
          Show {formatCount(Math.min(TEXT_PAGE, hidden))} more characters of {formatCount(hidden)}
        </button>
      )}
    </>
  );
}
