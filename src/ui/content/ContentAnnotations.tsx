import { ServerText } from '../common/ServerText.tsx';

/**
 * A content block's annotations (audience, priority, lastModified) as small labels. Hints from the server:
 * shown, never acted on. Anything malformed is shown as the server sent it rather than dropped.
 */
export function ContentAnnotations({ annotations }: { annotations: unknown }) {
  if (typeof annotations !== 'object' || annotations === null || Array.isArray(annotations)) return null;
  const a = annotations as Record<string, unknown>;
  const items: Array<{ label: string; value: string; title: string }> = [];
  if (a.audience !== undefined) {
    const audience = Array.isArray(a.audience) ? a.audience.map(String).join(', ') : String(a.audience);
    items.push({ label: 'audience', value: audience, title: 'Who this content is for (user, assistant)' });
  }
  if (a.priority !== undefined) {
    const value = typeof a.priority === 'number' ? a.priority.toFixed(2).replace(/\.?0+$/, '') || '0' : String(a.priority);
    items.push({ label: 'priority', value, title: 'Importance from 0 (optional) to 1 (required)' });
  }
  if (a.lastModified !== undefined) {
    const text = String(a.lastModified);
    const date = new Date(text);
    items.push({ label: 'modified', value: Number.isNaN(date.getTime()) ? text : date.toLocaleString(), title: `lastModified: ${text}` });
  }
  if (items.length === 0) return null;
  return (
    <ul className="content-annotations" aria-label="Annotations">
      {items.map((item) => (
        <li key={item.label} className="badge" title={item.title}>
          {item.label}: <ServerText text={item.value} />
        </li>
      ))}
    </ul>
  );
}
