import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { ContentBlock } from '../../shared/model.ts';
import { checkNavigableUrl } from '../../shared/url.ts';
import { formatBytes, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { ResourceLinkRead } from '../apps/ResourceLinkRead.tsx';
import { ZoomableImage } from './ZoomableImage.tsx';
import { ContentAnnotations } from './ContentAnnotations.tsx';
import { LargeText } from './LargeText.tsx';
import { base64Size } from './media.ts';
import { useMediaUrl } from './use-media-url.ts';
import { str } from '../../shared/read.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { ViewSwitch, type TextView } from '../common/ViewSwitch.tsx';
import { looksLikeMarkdown } from './markdown-sniff.ts';

// Loaded the first time a result is shown rendered: most results are never Markdown.
const MarkdownView = lazy(() => import('../resources/MarkdownView.tsx'));

/** One content block of a tool result. Every field is read defensively: the server may send anything. */
export function ContentBlockView({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return (
        <Block type="text" annotations={block.annotations}>
          <TextBody text={str(block.text) ?? ''} />
        </Block>
      );
    case 'image':
      return (
        <Block type="image" meta={str(block.mimeType)} annotations={block.annotations}>
          <Media kind="image" block={block} />
        </Block>
      );
    case 'audio':
      return (
        <Block type="audio" meta={str(block.mimeType)} annotations={block.annotations}>
          <Media kind="audio" block={block} />
        </Block>
      );
    case 'resource_link':
      return (
        <Block type="resource link" meta={str(block.mimeType)} annotations={block.annotations}>
          <ResourceLink block={block} />
        </Block>
      );
    case 'resource':
      return <EmbeddedResource resource={block.resource} annotations={block.annotations} />;
    default:
      return (
        <Block type={String(block.type)} meta="unknown content type, shown as JSON">
          <pre className="code-block">{prettyJson(block)}</pre>
        </Block>
      );
  }
}

/**
 * A text block: as sent, and when it reads as Markdown, the Source / Rendered switch a Markdown resource has.
 * Source first: a result is read as the server sent it unless the person asks for it rendered.
 */
function TextBody({ text }: { text: string }) {
  const markdown = useMemo(() => looksLikeMarkdown(text), [text]);
  const [view, setView] = useState<TextView>('source');
  if (!markdown) return <LargeText text={text} />;
  return (
    <>
      <ViewSwitch view={view} onChange={setView} rendered="Rendered" />
      {view === 'source' ? (
        <LargeText text={text} />
      ) : (
        <ErrorBoundary
          fallback={(error) => <p className="field-error">The Markdown could not be rendered ({error.message}); use Source.</p>}
        >
          <Suspense fallback={<p className="muted">Loading the Markdown renderer…</p>}>
            <MarkdownView markdown={text} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}

function Block({
  type,
  meta,
  annotations,
  children,
}: {
  type: string;
  meta?: string | undefined;
  annotations?: unknown;
  children: ReactNode;
}) {
  return (
    <div className="content-block">
      <div className="content-block-head">
        <span className="badge">
          <ServerText text={type} />
        </span>
        {meta && (
          <span className="muted mono">
            <ServerText text={meta} />
          </span>
        )}
        <ContentAnnotations annotations={annotations} />
      </div>
      {children}
    </div>
  );
}

function Media({ kind, block }: { kind: 'image' | 'audio'; block: ContentBlock }) {
  const media = useMediaUrl(kind, block.mimeType, block.data);
  if (media === null) return <p className="muted">Decoding…</p>;
  if (!media.ok) return <p className="muted">{media.reason}</p>;
  return (
    <figure className="content-media">
      {kind === 'image' ? (
        <ZoomableImage src={media.url} alt={`Image returned by the tool (${formatBytes(media.bytes)})`} />
      ) : (
        <audio controls src={media.url} aria-label={`Audio returned by the tool (${formatBytes(media.bytes)})`} />
      )}
      <figcaption className="muted">{formatBytes(media.bytes)}</figcaption>
    </figure>
  );
}

function ResourceLink({ block }: { block: ContentBlock }) {
  const uri = str(block.uri) ?? '';
  const link = checkNavigableUrl(uri);
  const name = str(block.title) ?? str(block.name) ?? uri;
  return (
    <div className="resource-link">
      <div className="resource-name">
        <ServerText text={name} />
      </div>
      <div className="mono break">
        {link.ok ? (
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            <ServerText text={uri} />
          </a>
        ) : (
          <span title={link.reason}>
            <ServerText text={uri} />
          </span>
        )}
      </div>
      {str(block.description) && (
        <p className="muted">
          <ServerText text={str(block.description)} />
        </p>
      )}
      <ResourceLinkRead uri={uri} mimeType={str(block.mimeType)} />
    </div>
  );
}

function EmbeddedResource({ resource, annotations }: { resource: unknown; annotations: unknown }) {
  const r = typeof resource === 'object' && resource !== null ? (resource as Record<string, unknown>) : {};
  const text = str(r.text);
  const blob = str(r.blob);
  return (
    <Block type="resource" meta={str(r.mimeType)} annotations={annotations ?? r.annotations}>
      <div className="mono break resource-uri">
        <ServerText text={str(r.uri) ?? '(no uri)'} />
      </div>
      {text !== undefined && <LargeText text={text} />}
      {blob !== undefined && (
        <p className="muted">
          Binary content, {formatBytes(base64Size(blob))}
          {str(r.mimeType) ? `, ${str(r.mimeType)}` : ''} (not displayed)
        </p>
      )}
      {text === undefined && blob === undefined && <pre className="code-block">{prettyJson(resource)}</pre>}
    </Block>
  );
}
