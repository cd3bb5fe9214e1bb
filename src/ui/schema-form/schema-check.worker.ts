/// <reference lib="webworker" />
/**
 * The JSON editor's schema check, off the page's thread (schema-check-client.ts): compiling a big
 * inputSchema with Ajv takes seconds (10,000 properties), and the person is typing meanwhile. Each schema
 * arrives once and is compiled once; later checks of it send only the arguments.
 */
import '../../shared/trusted-types/trusted-types-install.ts';
import { describeError } from '../../shared/read.ts';
import { checkArguments } from './schema-check.ts';
import type { CheckAnswer, CheckRequest } from './schema-check-client.ts';
import { forgetCompiledSchemas } from './validators.ts';

const schemas = new Map<number, Record<string, unknown>>();

self.addEventListener('message', (event: MessageEvent<CheckRequest>) => {
  const request = event.data;
  if (request.kind === 'forget') {
    schemas.delete(request.schemaId);
    forgetCompiledSchemas();
    return;
  }
  if (request.schemaJson !== undefined) schemas.set(request.schemaId, JSON.parse(request.schemaJson) as Record<string, unknown>);
  const schema = schemas.get(request.schemaId);
  let answer: CheckAnswer;
  try {
    answer = schema
      ? { id: request.id, check: checkArguments(schema, request.value) }
      : { id: request.id, failed: `No schema ${request.schemaId} in the schema-check worker.` };
  } catch (error) {
    answer = { id: request.id, failed: describeError(error) };
  }
  self.postMessage(answer);
});
