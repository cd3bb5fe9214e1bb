/**
 * The SDK's Client with the one thing it has no option for: a log level on every request of the modern
 * era (2026-07-28 removed `logging/setLevel`; a request's `_meta` carries the level instead, and a
 * request without it gets no log messages). It overrides the SDK's protected envelope seam, so it is
 * pinned by src/engine/sdk-client.test.ts.
 */
import { Client, LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';

import type { LogLevel } from '../shared/logging-api.ts';

export class LensClient extends Client {
  /** Modern era only: the level sent with each request; undefined sends none (no log messages). */
  logLevel: LogLevel | undefined;

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    if (!envelope || this.logLevel === undefined) return envelope;
    return { ...envelope, [LOG_LEVEL_META_KEY]: this.logLevel };
  }
}
