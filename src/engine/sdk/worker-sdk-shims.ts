/**
 * What the engine worker's build resolves `@modelcontextprotocol/client/_shims` to (vite.config.ts), in place of
 * the SDK's browser shim: the same exports, with the validator the engine does without (sdk-validator.ts) as
 * the Client's default. worker-sdk-shims.test.ts pins the exports to the installed SDK's browser shim.
 */
export { NoSdkSchemaValidator as DefaultJsonSchemaValidator } from './sdk-validator.ts';

/** As in the SDK's browser shim: in a browser (a worker too), fetch may throw a TypeError because of CORS. */
export const CORS_IS_POSSIBLE = true;
