/**
 * The Playground's conversation loop, without React and without the bridge: the person's message goes to
 * the model; each tool call it asks for runs through the connected server (asking the person first where
 * the tool is not read-only); the results go back; and so on until the model answers without a tool call.
 * Every effect comes in through `LoopDeps`, so a test drives it with a fake model and a fake tool runner.
 */
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import type { Tool, ToolCallOutcome } from '../../shared/model.ts';
import type { ChatMessage, ChatToolCall, ModelTurnResult } from '../../shared/playground.ts';
import { toolRisk } from '../../shared/tool-hints.ts';
import type { PendingConfirm, PlaygroundItem } from '../../state/index.ts';

/** A model that keeps calling tools is stopped here and told so: a loop should not run up a bill unseen. */
export const MAX_MODEL_STEPS = 12;
/** Tool calls run from one model answer; the rest are answered "not run" (one answer asked for 150). */
export const MAX_TOOL_CALLS_PER_STEP = 16;
/** Tool calls run in one conversation, across its steps and messages. */
export const MAX_TOOL_CALLS_PER_CONVERSATION = 100;
/** What of a tool result the model is sent; the Playground shows the whole result. */
const MAX_RESULT_CHARS = 20_000;

export type ConfirmAnswer = 'once' | 'conversation' | 'no';

export interface LoopDeps {
  now(): number;
  nextId(prefix: string): string;
  /** One model step (the engine streams its text into the item by `turnId`). */
  modelTurn(messages: ChatMessage[], turnId: string, signal: AbortSignal): Promise<ModelTurnResult>;
  /** Runs the tool as the Tools tab does (its command, its timeouts), for the tool item `itemId`. */
  runTool(name: string, args: Record<string, unknown>, signal: AbortSignal, itemId: string): Promise<ToolCallOutcome>;
  /** Whether the person wants to be asked before tools that may be destructive (the Tools tab's setting). */
  asksFirst(): boolean;
  /** Asks the person; resolves with their answer, or rejects when `signal` aborts. */
  confirm(ask: PendingConfirm, signal: AbortSignal): Promise<ConfirmAnswer>;
  allowed(): readonly string[];
  allow(tool: string): void;
  add(item: PlaygroundItem): void;
  update(id: string, change: Partial<PlaygroundItem>): void;
}

const stopped = (): EngineError => ({ code: 'cancelled', message: 'Stopped.' });

/**
 * Runs the conversation from `history` plus the person's `text` until the model answers without a tool
 * call. `commit` receives the history after each complete exchange (a model step and all its tool results),
 * so a conversation stopped half-way continues from the last complete one.
 */
export async function converse(
  history: readonly ChatMessage[],
  text: string,
  tools: readonly Tool[],
  deps: LoopDeps,
  signal: AbortSignal,
  commit: (messages: ChatMessage[]) => void,
): Promise<void> {
  const messages: ChatMessage[] = [...history, { role: 'user', text }];
  deps.add({ kind: 'user', id: deps.nextId('user'), text });
  let callsSoFar = messages.filter((message) => message.role === 'tool').length;
  for (let step = 1; step <= MAX_MODEL_STEPS; step++) {
    const answer = await modelStep(messages, deps, signal);
    messages.push({ role: 'assistant', text: answer.text, toolCalls: answer.toolCalls });
    if (answer.toolCalls.length === 0) return commit(messages);
    for (const [index, call] of answer.toolCalls.entries()) {
      if (signal.aborted) throw stopped();
      // Every call gets a reply (a provider refuses a step whose calls are not all answered), but past a cap
      // the reply says it was not run.
      const over =
        index >= MAX_TOOL_CALLS_PER_STEP
          ? `Not run: the Playground runs at most ${MAX_TOOL_CALLS_PER_STEP} tool calls from one answer.`
          : callsSoFar >= MAX_TOOL_CALLS_PER_CONVERSATION
            ? `Not run: this conversation has run ${MAX_TOOL_CALLS_PER_CONVERSATION} tool calls, the Playground's limit. Restart to go on.`
            : undefined;
      if (over === undefined) callsSoFar++;
      messages.push(over === undefined ? await toolStep(call, tools, deps, signal) : notRun(call, over, deps));
    }
    commit(messages);
  }
  throw {
    code: 'protocol',
    message: `The model called tools ${MAX_MODEL_STEPS} times in a row without answering, so the Playground stopped it. Ask it to answer now, or Restart.`,
  } satisfies EngineError;
}

async function modelStep(messages: ChatMessage[], deps: LoopDeps, signal: AbortSignal): Promise<ModelTurnResult> {
  const id = deps.nextId('model');
  deps.add({ kind: 'model', id, turnId: id, text: '', status: 'streaming', startedAt: deps.now() });
  try {
    const answer = await deps.modelTurn(messages, id, signal);
    deps.update(id, {
      status: 'done',
      text: answer.text,
      durationMs: answer.durationMs,
      ...(answer.usage && { usage: answer.usage }),
    });
    return answer;
  } catch (error) {
    const reason = signal.aborted ? stopped() : asEngineError(error);
    deps.update(id, reason.code === 'cancelled' ? { status: 'stopped' } : { status: 'failed', error: reason });
    throw reason;
  }
}

/** A tool call past a cap: shown as not run, and answered so to the model. */
function notRun(call: ChatToolCall, note: string, deps: LoopDeps): ChatMessage {
  deps.add({ kind: 'tool', id: deps.nextId('tool'), tool: call.name, arguments: call.arguments, status: 'declined', note });
  return { role: 'tool', callId: call.id, name: call.name, text: note, isError: true };
}

/** One tool call of the model's, as a `tool` message for the next step, whatever became of it. */
async function toolStep(call: ChatToolCall, tools: readonly Tool[], deps: LoopDeps, signal: AbortSignal): Promise<ChatMessage> {
  const id = deps.nextId('tool');
  const reply = (text: string, isError: boolean): ChatMessage => ({ role: 'tool', callId: call.id, name: call.name, text, isError });
  const tool = tools.find((candidate) => candidate.name === call.name);
  deps.add({ kind: 'tool', id, tool: call.name, arguments: call.arguments, status: 'running' });
  const refuse = (note: string, status: 'failed' | 'declined' = 'failed') => {
    deps.update(id, { status, note });
    return reply(note, true);
  };
  if (!tool || tool.excluded) return refuse(`The server offers no tool named “${call.name}”.`);
  if (call.badArguments !== undefined) return refuse('The arguments were not a JSON object, so the tool was not run. Send a JSON object.');
  if (deps.asksFirst() && toolRisk(tool).asksWhenAModelCalls && !deps.allowed().includes(tool.name)) {
    deps.update(id, { status: 'asking' });
    let answer: ConfirmAnswer;
    try {
      answer = await deps.confirm(
        { itemId: id, tool: tool.name, arguments: call.arguments, ...(tool.annotations && { annotations: tool.annotations }) },
        signal,
      );
    } catch {
      deps.update(id, { status: 'stopped' });
      throw stopped();
    }
    if (answer === 'no') return refuse('The person declined to run this tool.', 'declined');
    if (answer === 'conversation') deps.allow(tool.name);
    deps.update(id, { status: 'running' });
  }
  const started = deps.now();
  try {
    const outcome = await deps.runTool(tool.name, call.arguments, signal, id);
    deps.update(id, { status: outcome.isError ? 'failed' : 'done', outcome, durationMs: outcome.durationMs });
    return reply(resultText(outcome), outcome.isError);
  } catch (error) {
    if (signal.aborted) {
      deps.update(id, { status: 'stopped', durationMs: deps.now() - started });
      throw stopped();
    }
    const reason = asEngineError(error);
    deps.update(id, { status: 'failed', error: reason, durationMs: deps.now() - started });
    return reply(`The tool call failed: ${reason.message}`, true);
  }
}

/** A tool result as text for the model: its text blocks, its structured content, and what the rest is. */
export function resultText(outcome: ToolCallOutcome): string {
  const parts = outcome.content.map((block) => {
    if (block.type === 'text' && typeof block.text === 'string') return block.text;
    if (block.type === 'resource_link') return `[resource link: ${String(block.uri)}]`;
    const mime = typeof block.mimeType === 'string' ? ` ${block.mimeType}` : '';
    return `[${block.type}${mime} content, not shown to the model]`;
  });
  if (outcome.structuredContent !== undefined) parts.push(JSON.stringify(outcome.structuredContent));
  const text = parts.join('\n') || '(the tool returned no content)';
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}\n[cut: ${text.length} characters in all]` : text;
}
