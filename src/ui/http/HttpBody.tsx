import type { WireBody } from '../../shared/events.ts';
import { DEFAULT_HTTP_BODY_BUDGET } from '../../state/index.ts';
import { LargeText } from '../content/LargeText.tsx';
import { LazyDetails } from '../content/LazyDetails.tsx';

/** A request or response body as it crossed the wire, built only when opened. */
export function HttpBody({ title, body }: { title: string; body: WireBody | undefined }) {
  if (!body) return null;
  const count = (n: number) => n.toLocaleString('en-US');
  const facts = [
    `${count(body.size)} characters`,
    ...(body.truncated && !body.dropped ? [`first ${count(body.text.length)} kept`] : []),
    ...(body.dropped ? ['text dropped to bound memory'] : []),
  ];
  return (
    <div className="http-body">
      <LazyDetails
        summary={
          <>
            {title} <span className="muted">({facts.join(', ')})</span>
          </>
        }
      >
        {() =>
          body.dropped ? (
            <p className="muted">
              The oldest bodies are let go once the HTTP view holds {(DEFAULT_HTTP_BODY_BUDGET / 1024 / 1024).toLocaleString('en-US')} M
              characters of body text; this HTTP view no longer has this one.
            </p>
          ) : (
            <LargeText className="code-block" text={body.text} fileName={`${title.toLowerCase().replace(' ', '-')}.txt`} />
          )
        }
      </LazyDetails>
    </div>
  );
}
