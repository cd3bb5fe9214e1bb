/**
 * The engine's features whose code loads on first use, one line each; each declares its methods and how
 * it loads in its own folder (`*-meta.ts`). The engine spreads `lazyFeatures`' handlers into its handler map,
 * and their session extensions into its own, and names none of them; the compiler still checks that map is complete (every method of `EngineApi`). What a feature
 * takes from the environment (`env` in its needs) is its part of `EngineEnv` (`LazyFeatureEnv`).
 */
import { auditFeature } from '../audit/audit-meta.ts';
import { completionsFeature } from './completions-meta.ts';
import { collectionsFeature } from '../collections/collections-meta.ts';
import { replayFeature } from './replay-meta.ts';
import { resendFeature } from './resend-meta.ts';
import { playgroundFeature } from '../playground/playground-meta.ts';
import { relayConsoleFeature } from '../relay/relay-console-meta.ts';
import { resourcesFeature } from './resources-meta.ts';
import type { SessionExtension } from '../session/session.ts';
import { tasksFeature } from '../tasks/tasks-meta.ts';

const LAZY_FEATURES = [
  resourcesFeature,
  tasksFeature,
  replayFeature,
  resendFeature,
  completionsFeature,
  auditFeature,
  playgroundFeature,
  collectionsFeature,
  relayConsoleFeature,
] as const;

type Feature = (deps: never) => object;
type Features = typeof LAZY_FEATURES;

/** What the features need from the engine: each one's own needs, together. */
type Needs<F extends readonly Feature[]> = F extends readonly [infer Head extends Feature, ...infer Rest extends readonly Feature[]]
  ? (Parameters<Head> extends [infer Deps] ? Deps : unknown) & Needs<Rest>
  : unknown;

/** A feature that also follows each session: its handlers and its session extension (relay-console-meta.ts). */
interface WithExtension {
  handlers: object;
  extension: SessionExtension;
}

/** Their handlers, together. */
type HandlersOf<F extends readonly Feature[]> = F extends readonly [infer Head extends Feature, ...infer Rest extends readonly Feature[]]
  ? (ReturnType<Head> extends WithExtension ? ReturnType<Head>['handlers'] : ReturnType<Head>) & HandlersOf<Rest>
  : unknown;

/**
 * What the features take from the engine's environment (`EngineEnv` extends it): each declares its part beside
 * its handlers (`env` in `audit-meta.ts`'s needs is the audit's raw HTTP), so `EngineEnv` names none of them.
 */
export type LazyFeatureEnv = Needs<Features> extends { env: infer Env } ? Env : unknown;

/**
 * Every lazy feature's handlers, each loading its code on its first call, and the session extensions of those
 * that follow each session (eager and small: they load the rest when a session needs it).
 */
export function lazyFeatures(needs: Needs<Features>): { handlers: HandlersOf<Features>; extensions: SessionExtension[] } {
  const built: Array<object> = LAZY_FEATURES.map((feature) => feature(needs));
  const withExtension = (part: object): part is WithExtension => 'extension' in part && 'handlers' in part;
  return {
    handlers: Object.assign({}, ...built.map((part) => (withExtension(part) ? part.handlers : part))) as HandlersOf<Features>,
    extensions: built.filter(withExtension).map((part) => part.extension),
  };
}
