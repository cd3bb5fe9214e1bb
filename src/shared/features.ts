/**
 * Every feature's part of the worker boundary, one line each: the engine methods it adds (its `*Api`, declared
 * in its own file) and the events it sends (`never` when it sends none). `EngineApi` (boundary.ts) and
 * `EngineEvent` (events.ts) are composed from this list and name no feature; adding a feature is its own file
 * and one line here. Two features that declare the same method, or the same event type, fail to compile.
 */
import type { AuditApi, AuditEvent } from './audit.ts';
import type { AuthApi, AuthEvent } from './auth.ts';
import type { AuthPersistApi } from './auth-persist.ts';
import type { CompletionsApi } from './completions-api.ts';
import type { LoggingApi } from './logging-api.ts';
import type { ModelTextEvent, PlaygroundApi } from './playground.ts';
import type { PromptsApi } from './prompts-api.ts';
import type { ConsoleEngineEvent, RelayConsoleApi } from './relay-console.ts';
import type { ReplayApi } from './replay-api.ts';
import type { ResendApi } from './resend.ts';
import type { ResourcesApi } from './resources-api.ts';
import type { TasksApi } from './tasks.ts';

interface FeatureBoundaries {
  resources: { api: ResourcesApi; event: never };
  prompts: { api: PromptsApi; event: never };
  completions: { api: CompletionsApi; event: never };
  logging: { api: LoggingApi; event: never };
  tasks: { api: TasksApi; event: never };
  auth: { api: AuthApi & AuthPersistApi; event: AuthEvent };
  replay: { api: ReplayApi; event: never };
  resend: { api: ResendApi; event: never };
  audit: { api: AuditApi; event: AuditEvent };
  playground: { api: PlaygroundApi; event: ModelTextEvent };
  console: { api: RelayConsoleApi; event: ConsoleEngineEvent };
}

type Feature = keyof FeatureBoundaries;
type Intersection<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void ? I : never;

/** The method names, or event types, that two features both declare. */
type Shared<Key extends 'api' | 'event'> = {
  [F in Feature]: {
    [G in Exclude<Feature, F>]: Key extends 'api'
      ? keyof FeatureBoundaries[F]['api'] & keyof FeatureBoundaries[G]['api']
      : FeatureBoundaries[F]['event']['type'] & FeatureBoundaries[G]['event']['type'];
  }[Exclude<Feature, F>];
}[Feature];

/** Fails to compile, naming the method or event, when two features declare the same one. */
type NoneShared<Names> = [Names] extends [never] ? true : { 'declared by two features': Names };
type Holds<Check extends true> = Check;
type _FeaturesDoNotClash = Holds<NoneShared<Shared<'api'> | Shared<'event'>>>;

/** The engine methods every feature adds, as one object type. */
export type FeatureApis = Intersection<FeatureBoundaries[Feature]['api']>;

/** The events every feature sends. */
export type FeatureEvent = FeatureBoundaries[Feature]['event'];
