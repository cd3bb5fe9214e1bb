/**
 * Every feature's part of the worker boundary and of the jobs registry, one line each: the engine methods it
 * adds (its `*Api`, declared in its own file), the events it sends, the kinds of job it runs and the mark its
 * requests carry in the log (`None`, or `never` for events and marks, when it has none). `EngineApi`
 * (boundary.ts), `EngineEvent` and `MessageOrigin` (events.ts) and the jobs' `CallKinds` (src/state/calls-store.ts)
 * are composed from this list and name no feature; adding a feature is its own file and one line here. Two
 * features that declare the same method, event type or job kind fail to compile; a mark is tagged with its
 * feature's name here, so no two features share one.
 */
import type { AppOrigin, AppsJobs } from './apps-jobs.ts';
import type { AuditApi, AuditEvent, AuditJobs, AuditOrigin } from './audit.ts';
import type { AuthApi, AuthEvent } from './auth.ts';
import type { AuthPersistApi } from './auth-persist.ts';
import type { ContractJobs } from './contract/contract-jobs.ts';
import type { CollectionApi, CollectionJobs, CollectionOrigin } from './collection/collection-api.ts';
import type { CompletionsApi } from './completions-api.ts';
import type { LoggingApi } from './logging-api.ts';
import type { ModelTextEvent, PlaygroundApi, PlaygroundJobs } from './playground.ts';
import type { PromptsApi } from './prompts-api.ts';
import type { ConsoleEngineEvent, RelayConsoleApi } from './relay-console.ts';
import type { ReplayApi } from './replay-api.ts';
import type { ResendApi, ResentOrigin } from './resend.ts';
import type { ResourcesApi } from './resources-api.ts';
import type { TasksApi } from './tasks.ts';

/** A feature that adds no engine method, or runs no job of its own. */
type None = Record<never, never>;

interface FeatureBoundaries {
  resources: { api: ResourcesApi; event: never; jobs: None; origin: never };
  prompts: { api: PromptsApi; event: never; jobs: None; origin: never };
  completions: { api: CompletionsApi; event: never; jobs: None; origin: never };
  logging: { api: LoggingApi; event: never; jobs: None; origin: never };
  tasks: { api: TasksApi; event: never; jobs: None; origin: never };
  auth: { api: AuthApi & AuthPersistApi; event: AuthEvent; jobs: None; origin: never };
  replay: { api: ReplayApi; event: never; jobs: None; origin: never };
  resend: { api: ResendApi; event: never; jobs: None; origin: ResentOrigin };
  audit: { api: AuditApi; event: AuditEvent; jobs: AuditJobs; origin: AuditOrigin };
  playground: { api: PlaygroundApi; event: ModelTextEvent; jobs: PlaygroundJobs; origin: never };
  console: { api: RelayConsoleApi; event: ConsoleEngineEvent; jobs: None; origin: never };
  apps: { api: None; event: never; jobs: AppsJobs; origin: AppOrigin };
  contract: { api: None; event: never; jobs: ContractJobs; origin: never };
  collections: { api: CollectionApi; event: never; jobs: CollectionJobs; origin: CollectionOrigin };
}

type Feature = keyof FeatureBoundaries;
type Intersection<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void ? I : never;

/**
 * What one feature declares: its methods, its events, its kinds of job and its requests' mark. A mark's `id` is
 * the feature's own word for who sent it; its `job`, the registry's job that carried it, when one did (`jobIdOf`).
 */
interface Declared {
  api: object;
  event: { type: string };
  jobs: object;
  origin: { id: string; job?: string };
}

/** The method names, event types and job kinds that two features of `Features` both declare. */
export type SharedBy<Features extends { [F in keyof Features]: Declared }> = {
  [F in keyof Features]: {
    [G in Exclude<keyof Features, F>]:
      | (keyof Features[F]['api'] & keyof Features[G]['api'])
      | (Features[F]['event']['type'] & Features[G]['event']['type'])
      | (keyof Features[F]['jobs'] & keyof Features[G]['jobs']);
  }[Exclude<keyof Features, F>];
}[keyof Features];

/** Fails to compile, naming the method, event or job kind, when two features declare the same one. */
type NoneShared<Names> = [Names] extends [never] ? true : { 'declared by two features': Names };
type Holds<Check extends true> = Check;
type _FeaturesDoNotClash = Holds<NoneShared<SharedBy<FeatureBoundaries>>>;

/** The engine methods every feature adds, as one object type. */
export type FeatureApis = Intersection<FeatureBoundaries[Feature]['api']>;

/** The events every feature sends. */
export type FeatureEvent = FeatureBoundaries[Feature]['event'];

/** The kinds of job every feature runs (what each takes and answers), as one object type. */
export type FeatureJobs = Intersection<FeatureBoundaries[Feature]['jobs']>;

/** The mark each feature's requests carry in the log, tagged with the feature's name. */
export type FeatureOrigin = { [F in Feature]: FeatureBoundaries[F]['origin'] & { feature: F } }[Feature];
