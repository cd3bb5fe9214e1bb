/**
 * Judges a listing (tools, resources, resource templates, prompts): each page a result with its array, each
 * entry with the fields the schema requires, keys unique, and paging that ends. The rules follow the
 * schema of the era's revision, formats included (entry-schema.ts: a resource's uri is a URI with a scheme),
 * and in 2026-07-28 every page carries resultType, ttlMs and cacheScope, which the same result schema
 * requires together. Where the official suite is stricter than the schema (it fails a tool or a prompt
 * without a description, which the schema makes optional), MCP Lens warns instead.
 */
import type { ProtocolEra } from '../../../shared/model.ts';
import { isRecord, plural } from '../../../shared/read.ts';
import { profileOf } from '../../../shared/era-profile.ts';
import { LISTS, type Listing, type ListKind } from '../listing.ts';
import { unansweredFinding, wireResult } from './answer.ts';
import { cacheHintFindings } from './cache-hints.ts';
import { entrySchemaProblems } from './entry-schema.ts';
import { fail, hasProblems, pass, positions, quote, warn, type Finding } from './findings.ts';

/** Fields each entry must carry as a non-empty string, and the one that identifies it. */
const REQUIRED: Record<ListKind, { fields: string[]; key: string }> = {
  tools: { fields: ['name'], key: 'name' },
  resources: { fields: ['uri', 'name'], key: 'uri' },
  resourceTemplates: { fields: ['uriTemplate', 'name'], key: 'uriTemplate' },
  prompts: { fields: ['name'], key: 'name' },
};

/** 2025-11-25 and 2026-07-28, "Tool Names": 1–128 characters of A–Z, a–z, 0–9, `_`, `-`, `.` (SHOULD). */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export function judgeListing(listing: Listing, era: ProtocolEra): Finding[] {
  const { method, field, noun } = LISTS[listing.kind];
  const { resultType } = profileOf(era);
  const findings: Finding[] = [];
  listing.pages.forEach((page, index) => {
    const where = listing.pages.length > 1 ? ` (page ${index + 1})` : '';
    const unanswered = unansweredFinding(page);
    if (unanswered) return void findings.push({ ...unanswered, text: `${unanswered.text.replace(/\.$/, '')}${where}.` });
    const result = page.answer.kind === 'result' ? page.answer.result : undefined;
    if (!isRecord(result)) return void findings.push(fail(`${method} answered with ${quote(result, 40)}, not a result object${where}.`));
    if (!Array.isArray(result[field])) findings.push(fail(`The ${method} result has no "${field}" array${where}.`));
    if (result.nextCursor !== undefined && typeof result.nextCursor !== 'string')
      findings.push(fail(`nextCursor is ${quote(result.nextCursor, 40)}, not a string${where}: a client cannot send it back.`));
    const wire = wireResult(page);
    if (resultType && isRecord(wire) && wire.resultType === undefined)
      findings.push(fail(`The ${method} result has no resultType${where}; MCP 2026-07-28 requires it on every result.`));
    // An interim input_required result is not cacheable and carries no hints (input-required.ts judges it).
    if (resultType && isRecord(wire) && wire.resultType !== 'input_required')
      findings.push(...cacheHintFindings(`The ${method} result${where}`, wire));
  });
  findings.push(...judgeEntries(listing), ...judgePaging(listing));
  if (!hasProblems(findings)) {
    const pages = listing.pages.length;
    findings.push(pass(`${plural(listing.items.length, noun)} on ${plural(pages, 'page')}, each with the required fields; the list ends.`));
  }
  return findings;
}

function judgeEntries(listing: Listing): Finding[] {
  const { noun } = LISTS[listing.kind];
  const { fields, key } = REQUIRED[listing.kind];
  const findings: Finding[] = [];
  const notObjects: number[] = [];
  const missing = new Map<string, number[]>();
  const keys = new Map<string, number>();
  const duplicates = new Set<string>();
  listing.items.forEach((item, index) => {
    if (!isRecord(item)) return void notObjects.push(index);
    for (const name of fields) {
      if (typeof item[name] !== 'string' || item[name] === '') missing.set(name, [...(missing.get(name) ?? []), index]);
    }
    const id = item[key];
    if (typeof id === 'string') {
      if (keys.has(id)) duplicates.add(id);
      keys.set(id, index);
    }
  });
  if (notObjects.length > 0)
    findings.push(fail(`${plural(notObjects.length, 'entry', 'entries')} are not objects: ${positions(notObjects)}.`));
  for (const { field, wants, indexes } of entrySchemaProblems(listing.kind, listing.items)) {
    const first = listing.items[indexes[0]!] as Record<string, unknown>;
    findings.push(
      fail(
        `${plural(indexes.length, noun)} whose "${field}" is not ${wants} (${positions(indexes)}; the first is ${quote(first[field], 60)}).`,
      ),
    );
  }
  for (const [name, where] of missing)
    findings.push(fail(`${plural(where.length, noun)} without a "${name}" string: ${positions(where)}.`));
  if (duplicates.size > 0) {
    const named = [...duplicates].slice(0, 3).map((id) => quote(id, 40));
    const verb = duplicates.size === 1 ? 'appears' : 'appear';
    findings.push(warn(`${plural(duplicates.size, key)} ${verb} more than once (${named.join(', ')}); each ${noun} should have its own.`));
  }
  if (listing.kind === 'tools' || listing.kind === 'prompts') findings.push(...describedEntries(listing));
  if (listing.kind === 'tools') findings.push(...toolNames(listing.items));
  return findings;
}

/** The schema makes `description` optional; without one a model cannot tell what the entry is for. */
function describedEntries(listing: Listing): Finding[] {
  const bare = listing.items.flatMap((item, index) =>
    isRecord(item) && typeof item.name === 'string' && typeof item.description !== 'string' ? [index] : [],
  );
  if (bare.length === 0) return [];
  return [
    warn(
      `${plural(bare.length, LISTS[listing.kind].noun)} without a description (${positions(bare)}): a model cannot tell what it is for.`,
    ),
  ];
}

function toolNames(items: readonly unknown[]): Finding[] {
  const odd = items.flatMap((item) => (isRecord(item) && typeof item.name === 'string' && !TOOL_NAME.test(item.name) ? [item.name] : []));
  if (odd.length === 0) return [];
  const named = odd.slice(0, 3).map((name) => quote(name, 40));
  return [warn(`${plural(odd.length, 'tool name')} outside 1–128 characters of A–Z, a–z, 0–9, "_", "-", ".": ${named.join(', ')}.`)];
}

function judgePaging(listing: Listing): Finding[] {
  const { method, noun } = LISTS[listing.kind];
  const pages = listing.pages.length;
  if (listing.stop === 'loop') {
    return [
      fail(
        `${method} sent the cursor ${quote(listing.repeatedCursor)} again on page ${pages}: a client that follows nextCursor never reaches the end.`,
      ),
    ];
  }
  if (listing.stop !== 'bound') return [];
  const { key } = REQUIRED[listing.kind];
  const firstPageKeys = new Set<unknown>();
  const firstPage = listing.pages[0]?.answer;
  const firstItems = firstPage?.kind === 'result' && isRecord(firstPage.result) ? firstPage.result[LISTS[listing.kind].field] : undefined;
  if (Array.isArray(firstItems)) for (const item of firstItems) if (isRecord(item)) firstPageKeys.add(item[key]);
  const distinct = new Set(listing.items.map((item) => (isRecord(item) ? item[key] : item)));
  if (distinct.size <= firstPageKeys.size) {
    return [
      fail(
        `${method} still had a nextCursor after ${plural(pages, 'page')}, and the pages repeat the same ${plural(distinct.size, noun)}: the list never ends.`,
      ),
    ];
  }
  return [
    warn(
      `${method} still had a nextCursor after ${plural(pages, 'page')} (${plural(listing.items.length, noun)} so far); the audit stopped there. A list this long is unusual; check that it ends.`,
    ),
  ];
}
