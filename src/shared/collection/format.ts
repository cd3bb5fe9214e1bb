/**
 * A collection: a saved sequence of MCP requests with what each must answer, run by a person in the app and
 * by CI headless (`mcp-lens test`), the same file. It is JSON with a published JSON Schema
 * (`public/schemas/mcp-lens-collection-v1.schema.json`) and a stable key order (`writeCollection`), so it
 * reads well in a diff. Issue 37.
 *
 * Nothing secret is stored in it: a value that differs per person or per run is a placeholder,
 * `${env:NAME}` (the environment of whoever runs it) or `${var:NAME}` (a per-run file, or the default the
 * collection gives), and the collection declares every one it uses. `${capture:NAME}` is a value an earlier
 * step captured from its result.
 */

export const COLLECTION_FORMAT = 'mcp-lens-collection';
export const COLLECTION_VERSION = 1;
/** Where the schema is published: beside the app (public/), so every copy of Lens serves its own. */
export const COLLECTION_SCHEMA_PATH = 'schemas/mcp-lens-collection-v1.schema.json';

export interface Collection {
  format: typeof COLLECTION_FORMAT;
  version: typeof COLLECTION_VERSION;
  name: string;
  description?: string;
  /** Every `${env:…}` and `${var:…}` the steps use, declared, so a run can say what is missing before it starts. */
  variables?: Record<string, VariableDeclaration>;
  steps: CollectionStep[];
}

interface VariableDeclaration {
  /** `env`: the runner's environment (a token in CI). `var`: a per-run file, else `default`. */
  from: 'env' | 'var';
  description?: string;
  /** For `var` only: the value when the run gives none. */
  default?: string;
}

export interface CollectionStep {
  name: string;
  /** Any JSON-RPC request: tools/call, resources/read, prompts/get, completion/complete, or another method. */
  request: { method: string; params?: Record<string, unknown> };
  /**
   * The person who wrote the file says this step may change or delete things (a tool that is not read-only).
   * Without it such a step is refused, not sent: the file is the consent, as `--allow-writes` is on the CLI.
   */
  changesThings?: boolean;
  /** Values taken from this step's result for later steps: name → JSON Pointer into the result. */
  capture?: Record<string, string>;
  expect?: Expectations;
}

/** A JSON-RPC result (for tools/call: not `isError`), a tool's own error (`isError`), or a JSON-RPC error. */
export type ExpectedOutcome = 'result' | 'tool-error' | { error: number | 'any' };

export interface Expectations {
  /** @default 'result' */
  outcome?: ExpectedOutcome;
  /** Checks on the result (or the error object) by JSON Pointer. */
  assert?: Assertion[];
  /** The whole result as it was accepted, with volatile paths left out of the comparison. */
  snapshot?: { value: unknown; ignore?: string[] };
  /** A time budget for the request, in milliseconds. */
  maxMs?: number;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** One check at a JSON Pointer (`""` is the whole result). Exactly one of the operators is given. */
export type Assertion = { pointer: string } & (
  | { equals: unknown }
  | { contains: string }
  | { matches: string }
  | { type: JsonType }
  | { length: number | { min?: number; max?: number } }
  | { exists: boolean }
);

export const ASSERTION_OPERATORS = ['equals', 'contains', 'matches', 'type', 'length', 'exists'] as const;
export const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];

/** Bounds for a file that may be hand-edited or crafted. */
export const COLLECTION_BOUNDS = {
  maxSteps: 10_000,
  maxAssertionsPerStep: 200,
  maxFileChars: 32 * 1024 * 1024,
};
