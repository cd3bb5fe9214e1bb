import { LOG_LEVELS, type LogLevel } from '../../shared/logging-api.ts';

/** Severity rank of a level; an unknown level ranks as most severe so a filter never hides it. */
export function levelRank(level: string): number {
  const index = (LOG_LEVELS as readonly string[]).indexOf(level);
  return index < 0 ? LOG_LEVELS.length : index;
}

export function atLeast(level: string, minimum: LogLevel): boolean {
  return levelRank(level) >= levelRank(minimum);
}
