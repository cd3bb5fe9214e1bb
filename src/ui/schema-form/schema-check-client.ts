/**
 * Checks the JSON editor's arguments against the inputSchema in a worker (schema-check.worker.ts), so a
 * schema that takes seconds to compile never freezes the page. Each schema is sent once, as JSON text
 * written in slices (json-in-slices.ts: a structured clone of 99,000 enum values is one long task), and
 * compiled once there; the worker holds the last few. Where no worker can start (a host's
 * policy), the check runs on the page, still compiled once per schema (validators.ts).
 */
import { jsonInSlices } from './json-in-slices.ts';
import type { SchemaCheck } from './schema-check.ts';

type Schema = Record<string, unknown>;

export type CheckRequest =
  | { kind: 'check'; id: number; schemaId: number; schemaJson?: string; value: Record<string, unknown> }
  | { kind: 'forget'; schemaId: number };
export type CheckAnswer = { id: number; check: SchemaCheck } | { id: number; failed: string };

/** Schemas the worker keeps compiled; the least recently checked one is forgotten past this. */
const HELD = 16;

interface Waiting {
  schema: Schema;
  value: Record<string, unknown>;
  resolve(check: SchemaCheck): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
let unavailable = false;
let nextId = 1;
const schemaIds = new WeakMap<Schema, number>();
/** Schema ids the worker holds, least recently checked first. */
let held: number[] = [];
const waiting = new Map<number, Waiting>();
let queue: Promise<void> = Promise.resolve();

const inPage = (schema: Schema, value: Record<string, unknown>): Promise<SchemaCheck> =>
  import('./schema-check.ts').then((module) => module.checkArguments(schema, value));

function giveUpOnWorker(): void {
  unavailable = true;
  worker?.terminate();
  worker = undefined;
  held = [];
  const pending = [...waiting.values()];
  waiting.clear();
  for (const { schema, value, resolve, reject } of pending) inPage(schema, value).then(resolve, reject);
}

function spawn(): Worker | undefined {
  if (worker || unavailable) return worker;
  try {
    worker = new Worker(new URL('./schema-check.worker.ts', import.meta.url), { type: 'module', name: 'mcp-lens-schema-check' });
  } catch {
    unavailable = true;
    return undefined;
  }
  worker.addEventListener('message', (event: MessageEvent<CheckAnswer>) => {
    const answer = event.data;
    const entry = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (!entry) return;
    if ('check' in answer) entry.resolve(answer.check);
    else entry.reject(new Error(answer.failed));
  });
  // The script did not load or run: check on the page instead, for these and all later checks.
  worker.addEventListener('error', giveUpOnWorker);
  return worker;
}

/** The schema check of `value`, answered by the worker (or, without one, on the page). */
export function checkArgumentsOffThread(schema: Schema, value: Record<string, unknown>): Promise<SchemaCheck> {
  const port = spawn();
  if (!port) return inPage(schema, value);
  let schemaId = schemaIds.get(schema);
  if (schemaId === undefined) {
    schemaId = nextId++;
    schemaIds.set(schema, schemaId);
  }
  const known = held.includes(schemaId);
  held = [...held.filter((id) => id !== schemaId), schemaId];
  if (held.length > HELD) {
    const [oldest] = held.splice(0, 1);
    port.postMessage({ kind: 'forget', schemaId: oldest! } satisfies CheckRequest);
  }
  const id = nextId++;
  const sending = known ? undefined : jsonInSlices(schema);
  return new Promise<SchemaCheck>((resolve, reject) => {
    waiting.set(id, { schema, value, resolve, reject });
    // In order: a later check of this schema must not reach the worker before the schema does.
    queue = queue
      .then(async () => {
        const schemaJson = await sending;
        port.postMessage({ kind: 'check', id, schemaId, value, ...(schemaJson !== undefined && { schemaJson }) } satisfies CheckRequest);
      })
      .catch((error: unknown) => {
        // The schema never left: the next check sends it again.
        held = held.filter((heldId) => heldId !== schemaId);
        waiting.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
  });
}
