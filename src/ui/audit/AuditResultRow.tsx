import type { AuditExchange, AuditResult } from '../../shared/audit.ts';
import { redactJson } from '../../shared/redact.ts';
import { plural } from '../../shared/read.ts';
import { messageItemId, type LogItem } from '../../state/index.ts';
import { ServerText } from '../common/ServerText.tsx';
import { MaskedText } from '../presentation/MaskedText.tsx';
import { usePresentation } from '../presentation/use-presentation.ts';
import { useStoreOf } from '../services.tsx';
import { VerdictBadge } from './verdicts.tsx';

interface Props {
  result: AuditResult;
  /**
   * An opened report's own messages, by log seq; absent for a live run, whose messages are this page's
   * Message log, and which links into it and the HTTP view.
   */
  messages?: ReadonlyMap<number, unknown> | undefined;
}

/** One check: its verdict in words, id, title, the spec section it cites, why, and what it sent and got. */
export function AuditResultRow({ result, messages }: Props) {
  const { spec } = result;
  return (
    <li className={`audit-row audit-row-${result.verdict}`} aria-label={`${result.id}: ${result.verdict}`}>
      <div className="audit-row-head">
        <VerdictBadge verdict={result.verdict} />
        <code className="audit-id">{result.id}</code>
        <span className="audit-title">{result.title}</span>
        <a
          className="audit-spec"
          href={spec.url}
          target="_blank"
          rel="noreferrer noopener"
          title={`The MCP specification, revision ${spec.revision}`}
        >
          {spec.revision} · {spec.section}
        </a>
        <span className="audit-time muted">{result.durationMs} ms</span>
      </div>
      <p className="audit-reason">
        <MaskedText text={result.reason} />
      </p>
      {(result.details.length > 0 || result.exchanges.length > 0) && (
        <details className="audit-more">
          <summary>
            What was sent and what came back
            {result.exchanges.length > 0 && ` (${plural(result.exchanges.length, 'request')})`}
          </summary>
          <ul className="audit-details">
            {result.details.map((line, index) => (
              <li key={index}>
                <MaskedText text={line} />
              </li>
            ))}
          </ul>
          {result.suite && (
            <p className="muted">
              Official suite scenario <code>{result.suite.scenario}</code>
              {result.suite.differs && <>. MCP Lens differs on purpose: {result.suite.differs}</>}
            </p>
          )}
          {result.exchanges.map((exchange, index) => (
            <ExchangeView key={index} exchange={exchange} messages={messages} />
          ))}
        </details>
      )}
    </li>
  );
}

/** The message with this seq in the Message log, if it is still there. */
const logged = (seq: number | undefined) => (state: { byId: ReadonlyMap<string, LogItem> }) => {
  const item = seq === undefined ? undefined : state.byId.get(messageItemId(seq));
  return item?.type === 'message' ? item.entry.message : undefined;
};

function ExchangeView({ exchange, messages }: { exchange: AuditExchange; messages: ReadonlyMap<number, unknown> | undefined }) {
  const live = messages === undefined;
  const { hideValues, hiddenBecause, showsTraffic } = usePresentation();
  const selectMessage = useStoreOf('log', (state) => state.actions.select);
  const http = useStoreOf('http', (state) => state.actions);
  const inLog = useStoreOf('log', (state) => exchange.requestSeq !== undefined && state.byId.has(messageItemId(exchange.requestSeq)));
  const inHttp = useStoreOf('http', (state) => exchange.httpSeq !== undefined && state.bySeq.has(exchange.httpSeq));
  const loggedRequest = useStoreOf('log', logged(exchange.requestSeq));
  const loggedResponse = useStoreOf('log', logged(exchange.responseSeq));
  const fromFile = (seq: number | undefined) => (seq === undefined ? undefined : messages?.get(seq));
  const request = live ? loggedRequest : fromFile(exchange.requestSeq);
  const response = live ? loggedResponse : fromFile(exchange.responseSeq);
  const showInLog = () => {
    selectMessage(messageItemId(exchange.responseSeq ?? exchange.requestSeq!));
    http.show('messages');
  };
  const showHttp = () => {
    http.select(exchange.httpSeq!);
    http.show('http');
  };
  return (
    <div className="audit-exchange">
      <div className="audit-exchange-head">
        <code>{exchange.method}</code>
        {exchange.httpStatus !== undefined && <span className="muted">HTTP {exchange.httpStatus}</span>}
        {live && showsTraffic && inLog && (
          <button
            type="button"
            className="button button-small"
            aria-label={`Show ${exchange.method} in the Message log`}
            onClick={showInLog}
          >
            Message log
          </button>
        )}
        {live && showsTraffic && inHttp && (
          <button type="button" className="button button-small" aria-label={`Show ${exchange.method} in the HTTP view`} onClick={showHttp}>
            HTTP view
          </button>
        )}
      </div>
      {hideValues ? (
        <p className="muted">The request and response are {hiddenBecause}.</p>
      ) : exchange.plainHttp ? (
        <>
          <p className="muted">{PLAIN_HTTP_NOTE}</p>
          <div className="audit-bodies">
            <Body label="Sent" text={exchange.plainHttp.request} missing="" />
            <Body label="Received" text={exchange.plainHttp.response} missing="" />
          </div>
        </>
      ) : (
        <div className="audit-bodies">
          <Body label="Sent" text={asText(request)} missing={missingRequest(exchange, live)} />
          <Body label="Received" text={asText(response)} missing="No response." />
        </div>
      )}
    </div>
  );
}

/** Why an exchange carries its own HTTP text: the log holds JSON-RPC messages, and this probe sent none. */
const PLAIN_HTTP_NOTE =
  'A raw HTTP probe the audit sent beside the session, with no JSON-RPC message, so the Message log has no entry for it; this is what went over the wire.';

/** Why the request is not shown: the log let it go (it keeps its latest messages), or there never was one. */
function missingRequest(exchange: AuditExchange, live: boolean): string {
  if (exchange.requestSeq === undefined) return 'No JSON-RPC message was sent.';
  return live
    ? 'The Message log has let this message go (it keeps only its latest messages).'
    : 'The report file does not hold this message.';
}

const asText = (value: unknown) => (value === undefined ? undefined : JSON.stringify(redactJson(value), null, 2));

function Body({ label, text, missing }: { label: string; text: string | undefined; missing: string }) {
  return (
    <div>
      <div className="audit-body-label">{label}</div>
      {text === undefined ? (
        <p className="muted">{missing}</p>
      ) : (
        <pre className="code-block audit-body">
          <ServerText text={text} />
        </pre>
      )}
    </div>
  );
}
