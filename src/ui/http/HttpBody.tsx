import type { WireBody } from '../../shared/events.ts';
import { DEFAULT_HTTP_BODY_BUDGET } from '../../state/index.ts';
import { LargeText } from '../content/LargeText.tsx';
import { LazyDetails } from '../content/LazyDetails.tsx';
import { formatCount } from '../../shared/read.ts';

/** A request or response body as it crossed the wire, built only when opened. */
export function HttpBody({ title, body }: { title: string; body: WireBody | undefined }) {
  if (!body) return null;
  const facts = [
    `${formatCount(body.size)} characters`,
    ...(body.truncated && !body.dropped ? [`first ${formatCount(body.text.length)} kept`] : []),
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
              The oldest bodies are let go once the HTTP view holds {formatCount(DEFAULT_HTTP_BODY_BUDGET / 1024 / 1024)} M characters of
              body text; this HTTP view no longer has this one.
            </p>
          ) : (
            <LargeText className="code-block" text={body.text} fileName={`${title.toLowerCase().replace(' ', '-')}.txt`} />
          )
        }
      </LazyDetails>
    </div>
  );
}
