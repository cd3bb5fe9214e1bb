import { useId, useState, type ChangeEvent } from 'react';
import type { PendingServerRequest } from '../../shared/client-features.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import type { SamplingDraft } from '../../app/index.ts';
import { AnswerWithModel } from './AnswerWithModel.tsx';
import { SamplingRequestView } from './SamplingRequestView.tsx';
import { useAnswer } from './use-answer.ts';

type DraftBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; mimeType: string; data: string }
  | { type: 'tool_use'; id: string; name: string; input: string };

const STOP_REASONS = ['endTurn', 'stopSequence', 'maxTokens', 'toolUse'];
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A sampling request: the whole request, and a reply the person writes and Approves — or Rejects. */
export function SamplingView({ request }: { request: PendingServerRequest }) {
  const params = request.params;
  const { send, sending, error } = useAnswer(request.id);
  const toolNames = (Array.isArray(params.tools) ? params.tools : []).flatMap((t) =>
    typeof (t as { name?: unknown })?.name === 'string' ? [(t as { name: string }).name] : [],
  );
  const toolsUsable =
    request.toolsAllowed === true && toolNames.length > 0 && (params.toolChoice as { mode?: unknown } | undefined)?.mode !== 'none';
  const hint = ((params.modelPreferences as { hints?: Array<{ name?: unknown }> } | undefined)?.hints ?? []).find(
    (h) => typeof h?.name === 'string',
  )?.name;
  const ids = { role: useId(), model: useId(), stop: useId() };

  const [role, setRole] = useState<'assistant' | 'user'>('assistant');
  const [model, setModel] = useState(typeof hint === 'string' ? hint : 'human-in-the-loop');
  const [stopReason, setStopReason] = useState('endTurn');
  const [blocks, setBlocks] = useState<DraftBlock[]>([{ type: 'text', text: '' }]);
  const [draftError, setDraftError] = useState<string | null>(null);

  const setBlock = (index: number, block: DraftBlock) => setBlocks((all) => all.map((b, i) => (i === index ? block : b)));
  const addToolUse = () => {
    setBlocks((all) => [
      ...all,
      { type: 'tool_use', id: `toolu_${Math.random().toString(36).slice(2, 10)}`, name: toolNames[0] ?? '', input: '{}' },
    ]);
    setStopReason('toolUse');
  };

  /** The model's draft replaces the reply; the person edits it before Approve. */
  const fillDraft = (draft: SamplingDraft) => {
    setRole('assistant');
    setModel(draft.model);
    setStopReason(draft.stopReason);
    setBlocks(
      draft.content.map((block): DraftBlock => (block.type === 'text' ? block : { ...block, input: JSON.stringify(block.input, null, 2) })),
    );
  };

  const approve = () => {
    setDraftError(null);
    const content: Record<string, unknown>[] = [];
    for (const block of blocks) {
      if (block.type === 'tool_use') {
        let input: unknown;
        try {
          input = JSON.parse(block.input);
        } catch {
          setDraftError(`The input of tool_use ${block.name} is not valid JSON.`);
          return;
        }
        content.push({ type: 'tool_use', id: block.id, name: block.name, input });
      } else content.push({ ...block });
    }
    // A request without tools takes a single content block (older servers expect exactly that shape).
    const result = { role, model, stopReason, content: content.length === 1 && !toolsUsable ? content[0] : content };
    void send({ action: 'approve', result });
  };

  return (
    <div className="sampling">
      <SamplingRequestView params={params} />
      <section className="sampling-reply" aria-label="Reply">
        <h4 className="section-subtitle">Your reply</h4>
        <AnswerWithModel requestId={request.id} onDraft={fillDraft} />
        <div className="reply-meta">
          <label htmlFor={ids.role}>Role</label>
          <select
            id={ids.role}
            className="input input-small"
            value={role}
            onChange={(e) => setRole(e.target.value as 'assistant' | 'user')}
          >
            <option value="assistant">assistant</option>
            <option value="user">user</option>
          </select>
          <label htmlFor={ids.model}>Model</label>
          <input id={ids.model} className="input input-small mono" value={model} onChange={(e) => setModel(e.target.value)} />
          <label htmlFor={ids.stop}>Stop reason</label>
          <input
            id={ids.stop}
            className="input input-small mono"
            list={`${ids.stop}-list`}
            value={stopReason}
            onChange={(e) => setStopReason(e.target.value)}
          />
          <datalist id={`${ids.stop}-list`}>
            {STOP_REASONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
        </div>
        {blocks.map((block, index) => (
          <DraftBlockEditor
            key={index}
            block={block}
            toolNames={toolNames}
            onChange={(b) => setBlock(index, b)}
            onRemove={blocks.length > 1 ? () => setBlocks((all) => all.filter((_, i) => i !== index)) : undefined}
          />
        ))}
        <div className="reply-add">
          {toolsUsable ? (
            <>
              <button
                type="button"
                className="button button-small"
                onClick={() => setBlocks((all) => [...all, { type: 'text', text: '' }])}
              >
                Add text
              </button>
              <button type="button" className="button button-small" onClick={addToolUse}>
                Add tool use
              </button>
            </>
          ) : (
            toolNames.length > 0 && (
              <span className="muted">
                Tools are offered, but {request.toolsAllowed ? 'toolChoice is "none"' : 'this connection did not declare sampling.tools'}.
              </span>
            )
          )}
        </div>
      </section>
      {draftError && <p className="field-error">{draftError}</p>}
      {error && <ErrorDetails error={error} lead="Not sent" />}
      <div className="request-actions">
        <button type="button" className="button button-primary" disabled={sending} onClick={approve}>
          Approve
        </button>
        <button type="button" className="button" disabled={sending} onClick={() => void send({ action: 'reject' })}>
          Reject
        </button>
      </div>
    </div>
  );
}

function DraftBlockEditor({
  block,
  toolNames,
  onChange,
  onRemove,
}: {
  block: DraftBlock;
  toolNames: string[];
  onChange: (b: DraftBlock) => void;
  onRemove?: (() => void) | undefined;
}) {
  const id = useId();
  const typeSelect = block.type !== 'tool_use' && (
    <select
      aria-label="Content type"
      className="input input-small"
      value={block.type}
      onChange={(e) =>
        onChange(e.target.value === 'image' ? { type: 'image', mimeType: 'image/png', data: '' } : { type: 'text', text: '' })
      }
    >
      <option value="text">text</option>
      <option value="image">image</option>
    </select>
  );
  const remove = onRemove && (
    <button type="button" className="button button-small" onClick={onRemove}>
      Remove
    </button>
  );
  if (block.type === 'text') {
    return (
      <div className="draft-block">
        <div className="draft-head">
          {typeSelect}
          {remove}
        </div>
        <label htmlFor={id} className="visually-hidden">
          Reply text
        </label>
        <textarea
          id={id}
          className="input reply-text"
          rows={4}
          value={block.text}
          placeholder="Write the model's reply…"
          onChange={(e) => onChange({ ...block, text: e.target.value })}
        />
      </div>
    );
  }
  if (block.type === 'image') {
    const load = (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      if (!file || file.size > MAX_IMAGE_BYTES) return;
      const reader = new FileReader();
      reader.onload = () => {
        const url = String(reader.result);
        onChange({ type: 'image', mimeType: file.type || 'application/octet-stream', data: url.slice(url.indexOf(',') + 1) });
      };
      reader.readAsDataURL(file);
    };
    return (
      <div className="draft-block">
        <div className="draft-head">
          {typeSelect}
          <input aria-label="Image file" type="file" accept="image/*" onChange={load} />
          {remove}
        </div>
        <input
          aria-label="MIME type"
          className="input input-small mono"
          value={block.mimeType}
          onChange={(e) => onChange({ ...block, mimeType: e.target.value })}
        />
        <textarea
          aria-label="Base64 data"
          className="input mono"
          rows={3}
          value={block.data}
          onChange={(e) => onChange({ ...block, data: e.target.value.trim() })}
        />
      </div>
    );
  }
  return (
    <div className="draft-block">
      <div className="draft-head">
        <span className="badge">tool_use</span>
        <select
          aria-label="Tool"
          className="input input-small mono"
          value={block.name}
          onChange={(e) => onChange({ ...block, name: e.target.value })}
        >
          {toolNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <span className="muted mono">id {block.id}</span>
        {remove}
      </div>
      <textarea
        aria-label="Tool input (JSON)"
        className="input mono"
        rows={3}
        value={block.input}
        onChange={(e) => onChange({ ...block, input: e.target.value })}
      />
    </div>
  );
}
