import { readFileSync } from 'node:fs';

import { readLensContext, type LensContext } from '../shared/relay.ts';
import { LENS_VERSION, SOURCE_VERSION } from '../shared/version.ts';

declare const __MCP_LENS_CONTEXT__: string | undefined;

/**
 * Where this Node program runs from, for the commands its messages suggest: the builds that bundle it say
 * so (`package` for packages/mcp-lens, `hosted` for the single-file relay, src/node/build/relay-file.ts);
 * run from its TypeScript sources by tsx, it is a clone's.
 */
export const RUNNING_FROM: LensContext = typeof __MCP_LENS_CONTEXT__ === 'string' ? readLensContext(__MCP_LENS_CONTEXT__) : 'clone';

/**
 * MCP Lens's version as a Node program reports it. A bundle has it built in; from the sources it is the
 * clone's package.json, so a clone's relay and the app the same clone built agree.
 */
export function nodeLensVersion(): string {
  if (LENS_VERSION !== SOURCE_VERSION) return LENS_VERSION;
  try {
    const json = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof json.version === 'string' ? json.version : SOURCE_VERSION;
  } catch {
    return SOURCE_VERSION;
  }
}
