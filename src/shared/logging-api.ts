/** `logging/setLevel` across the worker boundary; the log messages themselves arrive as events. */

/** RFC 5424 severities, least to most severe, as MCP names them. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

export interface LoggingApi {
  setLogLevel: { params: { level: LogLevel }; result: undefined };
}
