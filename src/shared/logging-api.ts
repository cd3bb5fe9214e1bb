/** `logging/setLevel` across the worker boundary; the log messages themselves arrive as events. */

/** RFC 5424 severities, least to most severe, as MCP names them. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/**
 * 2026-07-28 only: send no level, so the server sends no log messages. The 2025 era has no such setting
 * (logging/setLevel always takes a level).
 */
export const LOG_LEVEL_OFF = 'off';

export type LogLevelChoice = LogLevel | typeof LOG_LEVEL_OFF;

export interface LoggingApi {
  setLogLevel: { params: { level: LogLevelChoice }; result: undefined };
}
