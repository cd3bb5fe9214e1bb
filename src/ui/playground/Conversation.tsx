import { useEffect, useRef, type ReactNode } from 'react';
import type { PlaygroundItem } from '../../state/index.ts';
import { messageItemId } from '../../state/index.ts';
import { ContentBlockView } from '../content/ContentBlockView.tsx';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatDuration, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { usePresentation } from '../presentation/use-presentation.ts';
import { useStoreOf } from '../services.tsx';
import { useConversationJob } from './use-conversation-job.ts';
import { ToolCardApp } from './ToolCardApp.tsx';
import { verdictOf } from '../../shared/tool-verdict.ts';
import '../tools/tools.css';
import { AddToCollection } from '../collections/AddToCollection.tsx';
import { ModelText } from './ModelText.tsx';

/**
 * The conversation as it happens: the person's messages, each model step's text as it streams (always as
 * text: nothing a model writes reaches HTML), and a card per tool call. It follows the newest text while
 * the person is at the bottom, and leaves them where they are when they scrolled up to read.
 */
export function Conversation() {
  const items = useStoreOf('playground', (state) => state.items);
  const { running } = useConversationJob();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const element = box.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [items]);
  const last = items.at(-1);

  return (
    <section className="playground-conversation" role="region" aria-label="Conversation" aria-busy={running}>
      <div
        ref={box}
        className="playground-scroll"
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
        }}
      >
        {items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {running
          ? last?.kind === 'tool'
            ? 'A tool is running for the model.'
            : 'The model is answering.'
          : items.length > 0
            ? 'The model finished.'
            : ''}
      </p>
    </section>
  );
}

function Item({ item }: { item: PlaygroundItem }) {
  if (item.kind === 'user') return <UserMessage text={item.text} />;
  if (item.kind === 'model') return <ModelStep item={item} />;
  return <ToolCard item={item} />;
}

const MODEL_STATUS = { streaming: 'answering…', done: '', stopped: 'stopped', failed: 'failed' } as const;

/** What the person wrote, as text: shown live and in a reopened conversation alike. */
export function UserMessage({ text }: { text: string }) {
  return (
    <div className="playground-user">
      <span className="playground-who">You</span>
      <p className="playground-text">{text}</p>
    </div>
  );
}

type ModelStatus = keyof typeof MODEL_STATUS;

/** A model step's head line: tokens, time and how it ended; live and saved steps alike. */
export function ModelStepHead({
  step,
}: {
  step: { usage?: { input: number; output: number } | undefined; durationMs?: number | undefined; status: ModelStatus };
}) {
  const facts = [
    step.usage && `${step.usage.input} in / ${step.usage.output} out tokens`,
    step.durationMs !== undefined && formatDuration(step.durationMs),
    MODEL_STATUS[step.status],
  ].filter(Boolean);
  return <span className="playground-who">Model {facts.length > 0 && <span className="muted">· {facts.join(' · ')}</span>}</span>;
}

function ModelStep({ item }: { item: Extract<PlaygroundItem, { kind: 'model' }> }) {
  return (
    <div className={`playground-model-step playground-${item.status}`}>
      <ModelStepHead step={item} />
      <ModelText text={item.text} />
      {item.status === 'failed' && item.error && <ErrorDetails error={item.error} />}
    </div>
  );
}

const TOOL_STATUS = {
  asking: 'waiting for your answer',
  running: 'running',
  done: 'done',
  failed: 'failed',
  declined: 'not run',
  stopped: 'stopped',
} as const;

/** A tool card's head line: the tool, its status in words, its time, and what the live card adds. */
export function ToolCardHead({
  card,
  children,
}: {
  card: { tool: string; status: keyof typeof TOOL_STATUS; durationMs?: number | undefined };
  children?: ReactNode;
}) {
  return (
    <header className="playground-tool-head">
      <span className="mono">
        <ServerText text={card.tool} />
      </span>
      <span className={`badge ${card.status === 'done' ? 'badge-safe' : card.status === 'failed' ? 'badge-danger' : ''}`}>
        {TOOL_STATUS[card.status]}
      </span>
      {card.durationMs !== undefined && <span className="muted">{formatDuration(card.durationMs)}</span>}
      {children}
    </header>
  );
}

function ToolCard({ item }: { item: Extract<PlaygroundItem, { kind: 'tool' }> }) {
  const inLog = useStoreOf('log', (state) => item.logSeq !== undefined && state.byId.has(messageItemId(item.logSeq)));
  const { showsTraffic } = usePresentation();
  const selectMessage = useStoreOf('log', (state) => state.actions.select);
  const showView = useStoreOf('http', (state) => state.actions.show);
  const showInLog = () => {
    if (item.logSeq === undefined) return;
    showView('messages');
    selectMessage(messageItemId(item.logSeq));
  };
  const content = item.outcome?.content ?? [];
  return (
    <article className={`playground-tool playground-tool-${item.status}`} aria-label={`Tool call ${item.tool}`}>
      <ToolCardHead card={item}>
        {showsTraffic && inLog && (
          <button type="button" className="button button-small" onClick={showInLog}>
            Show in Message log
          </button>
        )}
        {(item.status === 'done' || item.status === 'failed') && (item.outcome || item.error) && (
          <AddToCollection what={{ tool: item.tool, arguments: item.arguments, outcome: item.outcome, error: item.error }} />
        )}
      </ToolCardHead>
      <details>
        <summary>Arguments</summary>
        <pre className="mono playground-json">{prettyJson(item.arguments)}</pre>
      </details>
      {item.note && <p className="muted">{item.note}</p>}
      {item.error && <ErrorDetails error={item.error} lead="The call failed" />}
      {item.outcome && verdictOf(item.outcome) === 'broken' && (
        <p className="result-violation" role="note">
          <span className="badge badge-danger">broken result</span>{' '}
          <ServerText text={[...(item.outcome.contentProblems ?? []), ...(item.outcome.outputSchemaErrors ?? [])].slice(0, 3).join('; ')} />
        </p>
      )}
      {item.outcome && (
        <div className={item.outcome.isError ? 'result-body result-body-error' : 'result-body'}>
          {content.length === 0 && <p className="muted">No content blocks.</p>}
          {content.map((block, index) => (
            <ContentBlockView key={index} block={block} />
          ))}
          {item.outcome.structuredContent !== undefined && (
            <details>
              <summary>Structured content</summary>
              <pre className="mono playground-json">{prettyJson(item.outcome.structuredContent)}</pre>
            </details>
          )}
        </div>
      )}
      {item.status === 'done' && item.outcome && !item.outcome.isError && (
        <ToolCardApp tool={item.tool} input={item.arguments} result={item.outcome} />
      )}
    </article>
  );
}
