/**
 * A scripted 2026-07-28 server that speaks the tasks extension (SEP-2663) byte by byte, since no SDK server
 * does: `deploy` becomes a task that works, asks for one confirmation (repeated on every poll until
 * answered), then completes; `ask-model` asks for a sampling reply; `changes-mind` asks, then withdraws the
 * question and completes; `bumpy` breaks its first poll's response stream, then completes; `slow-build`
 * works until cancelled; `flaky` fails; `plain` answers at once.
 */
import type { ServerResponse } from 'node:http';

import { startRawServer, type RawRequest } from './raw-server.ts';

export const TASKS = 'io.modelcontextprotocol/tasks';

type Rpc = { id?: number | string; method?: string; params?: Record<string, unknown> };

interface ScriptedTask {
  taskId: string;
  status: string;
  polls: number;
  /** What the tool was asked for: decides the script. */
  tool: string;
  answer?: Record<string, unknown>;
}

const SAMPLE = {
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the build log' } }], maxTokens: 100 },
};

const CONFIRM = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Deploy to production?',
    requestedSchema: { type: 'object', properties: { environment: { type: 'string' } }, required: ['environment'] },
  },
};

export async function startModernTasksServer(options: { offerExtension?: boolean; taskEvenIfUndeclared?: boolean } = {}) {
  const offer = options.offerExtension ?? true;
  const tasks = new Map<string, ScriptedTask>();
  let next = 0;

  const handler = (req: RawRequest, res: ServerResponse) => {
    const message = (req.json ?? {}) as Rpc;
    const reply = (result: Record<string, unknown>) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', ...result } }));
    const fail = (code: number, text: string) =>
      res
        .writeHead(code === -32601 ? 404 : 400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code, message: text } }));
    if (req.method !== 'POST') return void res.writeHead(405).end();
    if (message.id === undefined) return void res.writeHead(202).end();
    const declared = clientDeclaresTasks(message.params);
    const view = (task: ScriptedTask) => ({
      taskId: task.taskId,
      status: task.status,
      statusMessage: `${task.tool}: ${task.status}`,
      createdAt: '2026-07-28T10:00:00Z',
      lastUpdatedAt: '2026-07-28T10:00:01Z',
      ttlMs: 60_000,
      pollIntervalMs: 50,
    });
    switch (message.method) {
      case 'server/discover':
        return void reply({
          supportedVersions: ['2026-07-28'],
          capabilities: { tools: {}, ...(offer && { extensions: { [TASKS]: {} } }) },
          ttlMs: 0,
          cacheScope: 'private',
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'scripted-tasks', version: '1' } },
        });
      case 'tools/list':
        return void reply({
          tools: ['deploy', 'ask-model', 'changes-mind', 'bumpy', 'slow-build', 'flaky', 'plain'].map((name) => ({
            name,
            inputSchema: { type: 'object' },
          })),
          ttlMs: 0,
          cacheScope: 'private',
        });
      case 'tools/call': {
        const tool = String(message.params?.name);
        if (tool === 'plain') return void reply({ content: [{ type: 'text', text: 'plain answer' }] });
        // SEP-2663: never a task for a request that did not declare the extension.
        if (!declared && !options.taskEvenIfUndeclared) return void fail(-32003, `Missing required client capability: extensions.${TASKS}`);
        const task: ScriptedTask = { taskId: `T${++next}`, status: 'working', polls: 0, tool };
        tasks.set(task.taskId, task);
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { resultType: 'task', ...view(task) } }));
      }
      case 'tasks/get': {
        const task = tasks.get(String(message.params?.taskId));
        if (!task) return void fail(-32602, 'Failed to retrieve task: Task not found');
        task.polls += 1;
        // A response stream that ends before the answer: the client must poll again, not call the tool again.
        if (task.tool === 'bumpy' && task.polls === 1)
          return void res.writeHead(200, { 'content-type': 'text/event-stream' }).end(': the stream ends here\n\n');
        advance(task);
        return void reply({
          ...view(task),
          ...(task.status === 'input_required' && {
            inputRequests: task.tool === 'ask-model' ? { summary: SAMPLE } : { confirm: CONFIRM },
          }),
          ...(task.status === 'completed' && {
            result: { content: [{ type: 'text', text: `Deployed to ${String(task.answer?.environment)}` }] },
          }),
          ...(task.status === 'failed' && { error: { code: -32603, message: 'The build machine is on fire' } }),
        });
      }
      case 'tasks/update': {
        const task = tasks.get(String(message.params?.taskId));
        if (!task) return void fail(-32602, 'Unknown task');
        const responses = message.params?.inputResponses as
          Record<string, { action?: string; content?: Record<string, unknown> }> | undefined;
        const confirm = responses?.confirm;
        if (task.status === 'input_required' && confirm?.action === 'accept') {
          task.answer = confirm.content ?? {};
          task.status = 'working';
        }
        return void reply({});
      }
      case 'tasks/cancel': {
        const task = tasks.get(String(message.params?.taskId));
        if (!task) return void fail(-32602, 'Unknown task');
        task.status = 'cancelled';
        return void reply({});
      }
      default:
        return void fail(-32601, 'Method not found');
    }
  };

  const server = await startRawServer(handler);
  const sent = (method: string) => server.requests.filter((r) => (r.json as Rpc | undefined)?.method === method);
  return { ...server, tasks, sent };
}

/** The script for each tool, advanced on every tasks/get. */
function advance(task: ScriptedTask) {
  if (task.status === 'cancelled' || task.status === 'completed' || task.status === 'failed') return;
  if (task.tool === 'flaky' && task.polls >= 2) task.status = 'failed';
  if (task.tool === 'ask-model' && task.polls >= 2) task.status = 'input_required';
  if (task.tool === 'bumpy' && task.polls >= 3) {
    task.status = 'completed';
    task.answer = { environment: 'the second poll' };
  }
  if (task.tool === 'changes-mind') {
    task.status = task.polls >= 5 ? 'completed' : task.polls >= 2 ? 'input_required' : 'working';
    if (task.status === 'completed') task.answer = { environment: 'nowhere, the question was withdrawn' };
  }
  if (task.tool !== 'deploy') return;
  if (task.answer) task.status = task.polls >= 4 ? 'completed' : 'working';
  else if (task.polls >= 2) task.status = 'input_required';
}

function clientDeclaresTasks(params: Record<string, unknown> | undefined): boolean {
  const meta = params?._meta as Record<string, unknown> | undefined;
  const capabilities = meta?.['io.modelcontextprotocol/clientCapabilities'] as { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions !== undefined && Object.hasOwn(capabilities.extensions, TASKS);
}
