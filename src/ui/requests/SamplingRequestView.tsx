import { Fragment } from 'react';
import type { ContentBlock } from '../../shared/model.ts';
import { prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { ContentBlockView } from '../content/ContentBlockView.tsx';
import { DeprecatedBadge } from '../server/DeprecatedBadge.tsx';
import { str } from '../../shared/read.ts';

type Params = Record<string, unknown>;
const blocksOf = (content: unknown): ContentBlock[] =>
  (Array.isArray(content) ? content : [content]).filter(
    (b): b is ContentBlock => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string',
  );

/** Everything a sampling request carries, so the person sees exactly what they are answering. */
export function SamplingRequestView({ params }: { params: Params }) {
  const messages = Array.isArray(params.messages) ? params.messages : [];
  const tools = Array.isArray(params.tools) ? (params.tools as Params[]) : [];
  const prefs = (typeof params.modelPreferences === 'object' && params.modelPreferences !== null ? params.modelPreferences : {}) as Params;
  const hints = Array.isArray(prefs.hints) ? prefs.hints.flatMap((h) => (str((h as Params)?.name) ? [str((h as Params).name)!] : [])) : [];
  const facts: Array<[string, string | undefined]> = [
    ['maxTokens', params.maxTokens === undefined ? undefined : String(params.maxTokens)],
    ['temperature', params.temperature === undefined ? undefined : String(params.temperature)],
    ['stopSequences', Array.isArray(params.stopSequences) ? params.stopSequences.map((s) => JSON.stringify(s)).join(', ') : undefined],
    ['includeContext', str(params.includeContext)],
    ['model hints', hints.length > 0 ? hints.join(', ') : undefined],
    [
      'cost / speed / intelligence',
      ['costPriority', 'speedPriority', 'intelligencePriority'].some((k) => prefs[k] !== undefined)
        ? ['costPriority', 'speedPriority', 'intelligencePriority']
            .map((k) => (prefs[k] === undefined ? '–' : String(prefs[k])))
            .join(' / ')
        : undefined,
    ],
    ['toolChoice', params.toolChoice === undefined ? undefined : prettyJson(params.toolChoice)],
  ];
  return (
    <div className="sampling-request">
      <DeprecatedBadge feature="Sampling" />
      <dl className="kv">
        {facts
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => (
            <Fragment key={key}>
              <dt>{key}</dt>
              <dd className="mono">
                <ServerText text={value} />
              </dd>
            </Fragment>
          ))}
      </dl>
      {str(params.systemPrompt) !== undefined && (
        <div>
          <h4 className="section-subtitle">System prompt</h4>
          <pre className="content-text">
            <ServerText text={params.systemPrompt} />
          </pre>
        </div>
      )}
      <h4 className="section-subtitle">Messages ({messages.length})</h4>
      <ol className="sampling-messages">
        {messages.map((message, index) => {
          const m = (message ?? {}) as Params;
          return (
            <li key={index} className={`sampling-message role-${str(m.role) === 'assistant' ? 'assistant' : 'user'}`}>
              <span className="badge">
                <ServerText text={str(m.role) ?? '?'} />
              </span>
              <div className="sampling-blocks">
                {blocksOf(m.content).map((block, i) => (
                  <SamplingBlock key={i} block={block} />
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      {tools.length > 0 && (
        <>
          <h4 className="section-subtitle">Tools offered ({tools.length})</h4>
          <ul className="sampling-tools">
            {tools.map((tool, index) => (
              <li key={index}>
                <span className="mono">
                  <ServerText text={str(tool.name) ?? '(unnamed)'} />
                </span>
                {str(tool.description) && (
                  <span className="muted">
                    {' '}
                    — <ServerText text={tool.description} />
                  </span>
                )}
                <details>
                  <summary>Input schema</summary>
                  <pre className="code-block">{prettyJson(tool.inputSchema)}</pre>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
      {params.metadata !== undefined && (
        <details>
          <summary>metadata</summary>
          <pre className="code-block">{prettyJson(params.metadata)}</pre>
        </details>
      )}
    </div>
  );
}

function SamplingBlock({ block }: { block: ContentBlock }) {
  if (block.type === 'tool_use') {
    return (
      <div className="content-block">
        <div className="content-block-head mono">
          tool_use <ServerText text={str(block.name) ?? ''} />{' '}
          <span className="muted">
            id <ServerText text={str(block.id) ?? ''} />
          </span>
        </div>
        <pre className="code-block">{prettyJson(block.input)}</pre>
      </div>
    );
  }
  if (block.type === 'tool_result') {
    return (
      <div className="content-block">
        <div className="content-block-head mono">
          tool_result for <ServerText text={str(block.toolUseId) ?? ''} />
          {block.isError === true && <span className="badge badge-danger">error</span>}
        </div>
        {blocksOf(block.content).map((inner, i) => (
          <ContentBlockView key={i} block={inner} />
        ))}
        {block.structuredContent !== undefined && <pre className="code-block">{prettyJson(block.structuredContent)}</pre>}
      </div>
    );
  }
  return <ContentBlockView block={block} />;
}
