/**
 * A server's identity is untrusted text the page shows in its header: a serverInfo name of 60,000
 * zero-width spaces, 2 MB of instructions or a discover result listing 300,000 versions froze the page for
 * seconds. The engine cuts them here, in the worker, before the summary crosses, and says what it cut
 * (`ServerSummary.cut`), so the page can show a short form with "Show all" without measuring anything.
 */
import { boundJson } from '../../shared/bounds.ts';
import type { ServerSummary } from '../../shared/model.ts';

/** Kept of each identity field; the page shows less until "Show all". */
const MAX_IDENTITY_CHARS = 1024;
const MAX_INSTRUCTIONS_CHARS = 64 * 1024;
const MAX_VERSIONS_KEPT = 100;
/** The discover result as shown in the server panel's JSON: small, since its parts are shown on their own. */
const DISCOVER_BOUNDS = { maxDepth: 16, maxStringLength: 4 * 1024, maxNodes: 2_000 };

type Cut = NonNullable<ServerSummary['cut']>;

export function boundSummary(summary: ServerSummary): ServerSummary {
  const cut: Cut = {};
  const text = (key: keyof Cut, value: string | undefined, max: number): string | undefined => {
    if (value === undefined || value.length <= max) return value;
    cut[key] = value.length;
    return value.slice(0, max);
  };
  const { server } = summary;
  const bounded: ServerSummary = {
    ...summary,
    server: {
      ...server,
      name: text('name', server.name, MAX_IDENTITY_CHARS) ?? '',
      version: text('version', server.version, MAX_IDENTITY_CHARS) ?? '',
      ...(server.title !== undefined && { title: text('title', server.title, MAX_IDENTITY_CHARS) ?? '' }),
      ...(server.description !== undefined && { description: text('description', server.description, MAX_IDENTITY_CHARS) ?? '' }),
      icons: server.icons.slice(0, 16),
    },
  };
  const instructions = text('instructions', summary.instructions, MAX_INSTRUCTIONS_CHARS);
  if (instructions !== undefined) bounded.instructions = instructions;
  if (summary.supportedVersions && summary.supportedVersions.length > MAX_VERSIONS_KEPT) {
    cut.supportedVersions = summary.supportedVersions.length;
    bounded.supportedVersions = summary.supportedVersions.slice(0, MAX_VERSIONS_KEPT).map((v) => v.slice(0, 100));
  }
  if (summary.discover) {
    // Its version list and instructions are shown (cut) on their own; here they would only be repeated.
    const { supportedVersions, instructions: _instructions, ...rest } = summary.discover;
    const listed = Array.isArray(supportedVersions) ? supportedVersions : [];
    bounded.discover = boundJson(
      {
        ...rest,
        supportedVersions:
          listed.length > MAX_VERSIONS_KEPT
            ? [...listed.slice(0, MAX_VERSIONS_KEPT), `…${listed.length - MAX_VERSIONS_KEPT} more`]
            : listed,
        ...(instructions !== undefined && {
          instructions: cut.instructions ? `${instructions.slice(0, 200)}… (shown under Instructions)` : instructions,
        }),
      },
      DISCOVER_BOUNDS,
    ) as Record<string, unknown>;
  }
  bounded.capabilities = boundJson(summary.capabilities, DISCOVER_BOUNDS) as Record<string, unknown>;
  if (Object.keys(cut).length > 0) bounded.cut = cut;
  return bounded;
}
