import { useId, useState } from 'react';
import { usePresentation } from '../presentation/use-presentation.ts';
import { useStoreOf } from '../services.tsx';

/**
 * The Server URL box. Where the presentation policy says so (demo mode), a URL's credentials (user info, a `?api_key=`) are masked on screen; the
 * box then reads only, and Connect still uses the URL as typed. What the person is typing right now stays
 * as typed until they leave the box: they are the one putting it on screen.
 */
export function ServerUrlInput({ id, errorId }: { id: string; errorId: string | null }) {
  const hintId = useId();
  const url = useStoreOf('connection', (state) => state.input.url);
  const { setUrl } = useStoreOf('connection', (state) => state.actions);
  const { maskUrl, hiddenBecause } = usePresentation();
  const [typing, setTyping] = useState(false);
  const masked = typing ? null : maskUrl(url);
  const describedBy = [errorId, masked !== null ? hintId : null].filter(Boolean).join(' ');
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        Server URL
      </label>
      <input
        id={id}
        className="input mono url-input"
        type="url"
        inputMode="url"
        placeholder="https://example.com/mcp"
        spellCheck={false}
        autoComplete="url"
        value={masked ?? url}
        readOnly={masked !== null}
        title={masked !== null ? `Credentials in the URL are ${hiddenBecause}. Turn demo mode off to edit it.` : undefined}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy || undefined}
        onFocus={() => setTyping(masked === null)}
        onBlur={() => setTyping(false)}
        onChange={(event) => setUrl(event.target.value)}
      />
      {masked !== null && (
        <span id={hintId} className="visually-hidden">
          Credentials {hiddenBecause}; turn demo mode off to edit the URL.
        </span>
      )}
    </>
  );
}
