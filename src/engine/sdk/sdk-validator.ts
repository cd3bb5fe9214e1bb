/**
 * The SDK Client's JSON Schema validator, which the engine does without. The engine checks outputSchema
 * itself (features/output-check.ts: Ajv in the schema's own dialect, server patterns in linear time) and
 * shows a mismatch beside the result, where the SDK's callTool() would throw it away; tools are called
 * through LensClient.requestMarked, so the SDK never compiles a schema. Were it ever asked to, the call fails
 * saying why (the SDK reports a validator that throws as InvalidParams, before sending) instead of being
 * checked a second, different way.
 *
 * The engine worker's build also puts this class in place of the SDK's browser default (worker-sdk-shims.ts),
 * which keeps that validator (@cfworker/json-schema, about 6 KB gzipped) out of the worker script.
 */
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';

export class NoSdkSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(): JsonSchemaValidator<T> {
    throw new Error(
      'MCP Lens checks outputSchema itself (src/engine/features/output-check.ts), not through the SDK: call tools with LensClient.requestMarked.',
    );
  }
}
