import { splitInvisible } from './reveal-invisible.ts';

/**
 * Server-provided text, rendered as React text with hidden characters made visible. Use it for every
 * name, title and description that came from a server.
 */
export function ServerText({ text }: { text: unknown }) {
  if (typeof text !== 'string') return null;
  const segments = splitInvisible(text);
  if (segments.length === 1 && !segments[0]!.hidden) return <>{text}</>;
  return (
    <>
      {segments.map((segment, index) =>
        segment.hidden ? (
          <mark key={index} className="hidden-char" title={segment.hidden}>
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
