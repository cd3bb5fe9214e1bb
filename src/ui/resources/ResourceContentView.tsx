import { lazy, Suspense, useMemo, useState } from 'react';
import type { ResourceContent } from '../../shared/resources-api.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { ViewSwitch, type TextView } from '../common/ViewSwitch.tsx';
import { formatBytes } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useObjectUrl } from '../common/use-object-url.ts';
import { blobKind, downloadName, prettyJsonText, textKind } from './content-kind.ts';
import { AnnotationBadges } from './ResourceBadges.tsx';
import { formatCount } from '../../shared/read.ts';

const MarkdownView = lazy(() => import('./MarkdownView.tsx'));
// Lazily, and so without an import cycle: a read shows contents, whose relative links read again.
const ResourceRead = lazy(() => import('./ResourceRead.tsx').then((module) => ({ default: module.ResourceRead })));

/** One item of a `resources/read` result: text by kind, media inline when allowlisted, anything else as a download. */
export function ResourceContentView({ content }: { content: ResourceContent }) {
  return (
    <article className="resource-content" aria-label={`Contents of ${content.uri || '(no uri)'}`}>
      <header className="resource-content-head">
        <span className="mono break">
          <ServerText text={content.uri || '(no uri)'} />
        </span>
        {content.mimeType && (
          <span className="badge mono">
            <ServerText text={content.mimeType} />
          </span>
        )}
        {content.blobBytes !== undefined && <span className="badge">{formatBytes(content.blobBytes)}</span>}
        {content.text !== undefined && <span className="badge">{formatCount(content.text.length)} chars</span>}
        <AnnotationBadges annotations={content.annotations} />
      </header>
      {content.text !== undefined && <TextContent content={content} text={content.text} />}
      {content.textTruncatedFrom !== undefined && (
        <p className="field-error">
          Showing the first {formatCount(content.text?.length ?? 0)} of {formatCount(content.textTruncatedFrom)} characters.
        </p>
      )}
      {content.blob !== undefined && <BlobContent content={content} blob={content.blob} />}
      {content.blobError && <p className="field-error">{content.blobError}</p>}
    </article>
  );
}

function TextContent({ content, text }: { content: ResourceContent; text: string }) {
  const kind = textKind(content.mimeType, content.uri);
  // Markdown is read rendered by default; HTML only ever on request, and then only sandboxed.
  const [view, setView] = useState<TextView>(kind === 'markdown' ? 'rendered' : 'source');
  // A relative link the person chose, resolved against this resource's URI, read below the document.
  const [linked, setLinked] = useState<string | null>(null);
  const pretty = useMemo(() => (kind === 'json' ? prettyJsonText(text) : undefined), [kind, text]);

  if (kind === 'json') {
    return (
      <>
        {pretty === undefined && <p className="hint">Declared as JSON but does not parse; shown as sent.</p>}
        <pre className="code-block">
          <ServerText text={pretty ?? text} />
        </pre>
      </>
    );
  }
  if (kind === 'markdown' || kind === 'html') {
    return (
      <>
        <ViewSwitch view={view} onChange={setView} rendered={kind === 'markdown' ? 'Rendered' : 'Sandboxed preview'} />
        {view === 'source' ? (
          <pre className="code-block">
            <ServerText text={text} />
          </pre>
        ) : kind === 'markdown' ? (
          <ErrorBoundary
            fallback={(error) => <p className="field-error">The Markdown could not be rendered ({error.message}); use Source.</p>}
          >
            <Suspense fallback={<p className="muted">Loading the Markdown renderer…</p>}>
              <MarkdownView markdown={text} base={content.uri || undefined} onReadResource={setLinked} />
            </Suspense>
            {linked !== null && (
              <div className="md-linked-resource">
                <p className="hint">
                  Linked from this document:{' '}
                  <span className="mono break">
                    <ServerText text={linked} />
                  </span>{' '}
                  <button type="button" className="button button-small" onClick={() => setLinked(null)}>
                    Close linked resource
                  </button>
                </p>
                <Suspense fallback={<p className="muted">Reading…</p>}>
                  <ResourceRead uri={linked} />
                </Suspense>
              </div>
            )}
          </ErrorBoundary>
        ) : (
          <HtmlPreview html={text} uri={content.uri} />
        )}
      </>
    );
  }
  return (
    <pre className="code-block">
      <ServerText text={text} />
    </pre>
  );
}

/**
 * Server HTML in a frame with an empty sandbox: no scripts, no forms, no popups, no same-origin — an
 * opaque origin that cannot touch the inspector. Loaded from a blob: URL, the only frame source the CSP allows.
 */
function HtmlPreview({ html, uri }: { html: string; uri: string }) {
  const blob = useMemo(() => new Blob([html], { type: 'text/html' }), [html]);
  const url = useObjectUrl(blob);
  return (
    <>
      <p className="hint">Sandboxed: scripts, forms and navigation are disabled; it cannot reach this page.</p>
      {url && <iframe className="html-preview" sandbox="" src={url} title={`Sandboxed preview of ${uri}`} referrerPolicy="no-referrer" />}
    </>
  );
}

function BlobContent({ content, blob }: { content: ResourceContent; blob: Blob }) {
  const kind = blobKind(content.mimeType);
  const inlineUrl = useObjectUrl(kind === 'download' ? null : blob);
  // Downloads are typed as opaque bytes, so no browser will try to render them, whatever the server declared.
  const opaque = useMemo(() => new Blob([blob], { type: 'application/octet-stream' }), [blob]);
  const downloadUrl = useObjectUrl(opaque);
  const name = downloadName(content.uri, content.mimeType);
  return (
    <div className="resource-blob">
      {kind === 'image' && inlineUrl && <img className="resource-image" src={inlineUrl} alt={`Image resource ${content.uri}`} />}
      {kind === 'audio' && inlineUrl && <audio controls src={inlineUrl} aria-label={`Audio resource ${content.uri}`} />}
      {kind === 'download' && <p className="muted">Binary content that is not shown inline.</p>}
      {downloadUrl && (
        <a className="button button-small" href={downloadUrl} download={name}>
          Download {name}
        </a>
      )}
    </div>
  );
}
