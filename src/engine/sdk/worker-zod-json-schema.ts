/**
 * What the engine worker's build resolves zod's two JSON Schema modules to (`zod/v4/core/to-json-schema.js` and
 * `zod/v4/core/json-schema-processors.js`, vite.config.ts): the same exports, none of which converts anything.
 *
 * The SDK parses every message with zod schemas, and zod's classic schemas reference the JSON Schema converters
 * from every constructor (a schema's `~standard.jsonSchema`, `toJSONSchema()`, its `minLength`-style getters),
 * so no bundler can leave the converters out, although the engine never turns a zod schema into JSON Schema: it
 * reads servers' JSON Schemas, it does not write any. The SDK converts only a schema its server-side authoring
 * helpers are given (an elicitation form declared as a zod object), which a client never is. That was 6 KB of the
 * worker script gzipped, fetched and compiled before Connect for nothing. worker-zod-json-schema.test.ts pins
 * these exports to the installed zod.
 *
 * Anything that does reach a converter in the worker fails saying why, instead of producing a wrong schema.
 */

/** The error every converter throws, naming where to look. */
function leftOut(): never {
  throw new Error(
    "zod's JSON Schema conversion is left out of the engine worker (vite.config.ts, src/engine/sdk/worker-zod-json-schema.ts): nothing in the engine may convert a zod schema.",
  );
}

/** In zod, these build a schema's `toJSONSchema` and `~standard.jsonSchema` methods when it is first used: they must return one. */
export const createToJSONSchemaMethod = (): typeof leftOut => leftOut;
export const createStandardJSONSchemaMethod = (): typeof leftOut => leftOut;

export {
  leftOut as aggregateChecks,
  leftOut as anyProcessor,
  leftOut as arrayProcessor,
  leftOut as bigintProcessor,
  leftOut as booleanProcessor,
  leftOut as catchProcessor,
  leftOut as customProcessor,
  leftOut as dateProcessor,
  leftOut as defaultProcessor,
  leftOut as enumProcessor,
  leftOut as extractDefs,
  leftOut as fileProcessor,
  leftOut as finalize,
  leftOut as functionProcessor,
  leftOut as handleUnrepresentable,
  leftOut as initializeContext,
  leftOut as intersectionProcessor,
  leftOut as lazyProcessor,
  leftOut as literalProcessor,
  leftOut as mapProcessor,
  leftOut as nanProcessor,
  leftOut as neverProcessor,
  leftOut as nonoptionalProcessor,
  leftOut as nullProcessor,
  leftOut as nullableProcessor,
  leftOut as numberProcessor,
  leftOut as objectProcessor,
  leftOut as optionalProcessor,
  leftOut as pipeProcessor,
  leftOut as prefaultProcessor,
  leftOut as process,
  leftOut as processSchema,
  leftOut as promiseProcessor,
  leftOut as readonlyProcessor,
  leftOut as recordProcessor,
  leftOut as setProcessor,
  leftOut as stringProcessor,
  leftOut as successProcessor,
  leftOut as symbolProcessor,
  leftOut as templateLiteralProcessor,
  leftOut as toJSONSchema,
  leftOut as transformProcessor,
  leftOut as tupleProcessor,
  leftOut as undefinedProcessor,
  leftOut as unionProcessor,
  leftOut as unknownProcessor,
  leftOut as voidProcessor,
};

/** zod's table of every processor, by schema type; nothing left here to look up. */
export const allProcessors: Readonly<Record<string, typeof leftOut>> = Object.freeze({});
