/**
 * The changes between two contract snapshots, each with its rule (contract-rules.ts), severity, JSON Pointer
 * and one sentence. Pure and deterministic: the same two snapshots give the same list, breaking first.
 */
import { CONTRACT_RULES, SEVERITIES, type ContractChange, type RuleId } from './contract-rules.ts';
import type { ContractSnapshot, PromptContract, ResourceContract, ToolContract, ToolHints } from './contract-snapshot.ts';
import { compareSchemas, token } from './schema-diff.ts';

type Add = (rule: RuleId, pointer: string, sentence: string) => void;

export function diffContracts(old: ContractSnapshot, neu: ContractSnapshot): ContractChange[] {
  const changes: ContractChange[] = [];
  const seen = new Set<string>();
  const add: Add = (rule, pointer, sentence) => {
    // A $def used in two places is one place in the file: one change.
    const key = `${rule} ${pointer}`;
    if (seen.has(key)) return;
    seen.add(key);
    changes.push({ severity: CONTRACT_RULES[rule].severity, rule, pointer, sentence });
  };
  compareItems(old.tools, neu.tools, '/tools', 'Tool', 'tool', add, compareTool, (t) => JSON.stringify(t.inputSchema));
  compareItems(old.prompts, neu.prompts, '/prompts', 'Prompt', 'prompt', add, comparePrompt, (p) =>
    JSON.stringify(Object.entries(p.arguments).map(([name, a]) => [name, a.required])),
  );
  compareItems(old.resources, neu.resources, '/resources', 'Resource', 'resource', add, compareResource, (r) => `${r.name} ${r.mimeType}`);
  compareItems(
    old.resourceTemplates,
    neu.resourceTemplates,
    '/resourceTemplates',
    'Template',
    'template',
    add,
    compareResource,
    (r) => `${r.name} ${r.mimeType}`,
  );
  const rank = (c: ContractChange) => SEVERITIES.indexOf(c.severity);
  return changes.sort((a, b) => rank(a) - rank(b) || (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

function compareItems<T>(
  old: Record<string, T>,
  neu: Record<string, T>,
  base: string,
  Label: string,
  kind: 'tool' | 'prompt' | 'resource' | 'template',
  add: Add,
  compare: (label: string, o: T, n: T, op: string, np: string, add: Add) => void,
  twinKey: (item: T) => string,
): void {
  const added = Object.keys(neu).filter((key) => !Object.hasOwn(old, key));
  // Added items by their twin key, each matched to one removal at most.
  const twins = new Map<string, string[]>();
  for (const key of added) {
    const twin = twinKey(neu[key]!);
    const same = twins.get(twin);
    if (same) same.push(key);
    else twins.set(twin, [key]);
  }
  for (const [key, item] of Object.entries(old)) {
    const pointer = `${base}/${token(key)}`;
    if (Object.hasOwn(neu, key)) {
      compare(`${Label} "${key}"`, item, neu[key]!, pointer, pointer, add);
      continue;
    }
    add(`${kind}-removed`, pointer, `${Label} "${key}" is gone: clients that use it fail.`);
    // Renames cannot be known; an added twin is worth a look.
    const twin = twins.get(twinKey(item))?.shift();
    if (twin === undefined) continue;
    add(
      'possibly-renamed',
      `${base}/${token(twin)}`,
      `${Label} "${key}" may have been renamed to "${twin}" (same ${kind === 'tool' ? 'input schema' : kind === 'prompt' ? 'arguments' : 'name and type'}); clients still use the old name.`,
    );
  }
  for (const key of added) add(`${kind}-added`, `${base}/${token(key)}`, `${Label} "${key}" is new.`);
}

function compareWords(label: string, o: { title?: string; description?: string }, n: typeof o, pointer: string, add: Add): void {
  for (const key of ['title', 'description'] as const)
    if (o[key] !== n[key]) add('description-changed', `${pointer}/${key}`, `${label}: the ${key} changed.`);
}

/** Hints as clients must read them: unset read-only is false, unset destructive is true, unset open-world is true. */
function effective(hints: ToolHints | undefined) {
  const readOnly = hints?.readOnlyHint === true;
  return {
    readOnly,
    destructive: !readOnly && hints?.destructiveHint !== false,
    idempotent: hints?.idempotentHint === true,
    openWorld: hints?.openWorldHint !== false,
  };
}

function compareTool(label: string, o: ToolContract, n: ToolContract, op: string, np: string, add: Add): void {
  compareWords(label, o, n, np, add);
  const was = effective(o.annotations);
  const now = effective(n.annotations);
  const hints = `${np}/annotations`;
  if (was.readOnly && !now.readOnly)
    add(
      'tool-no-longer-read-only',
      `${hints}/readOnlyHint`,
      `${label} is no longer read-only${now.destructive ? ' and may be destructive' : ''}: clients that call it without asking may now change things.`,
    );
  if (!was.readOnly && !was.destructive && now.destructive)
    add(
      'tool-now-destructive',
      `${hints}/destructiveHint`,
      `${label} may now be destructive: clients that call it without asking may now destroy data.`,
    );
  if (was.idempotent && !now.idempotent)
    add(
      'tool-no-longer-idempotent',
      `${hints}/idempotentHint`,
      `${label} is no longer idempotent: clients that retry it may repeat its effect.`,
    );
  if (!was.openWorld && now.openWorld) add('tool-now-open-world', `${hints}/openWorldHint`, `${label} may now reach outside systems.`);
  const safer = [
    !was.readOnly && now.readOnly && 'read-only',
    was.destructive && !now.destructive && !now.readOnly && 'not destructive',
    !was.idempotent && now.idempotent && 'idempotent',
    was.openWorld && !now.openWorld && 'closed-world',
  ].filter((x): x is string => typeof x === 'string');
  if (safer.length > 0) add('annotations-safer', hints, `${label} is now ${safer.join(', ')}.`);

  const oTask = o.taskSupport ?? 'forbidden';
  const nTask = n.taskSupport ?? 'forbidden';
  if (oTask !== nTask) {
    const narrowed = nTask === 'required' || (nTask === 'forbidden' && oTask === 'optional');
    if (narrowed)
      add(
        'task-support-narrowed',
        `${np}/taskSupport`,
        `${label}'s task support is now ${nTask} (was ${oTask}): clients that call it ${nTask === 'required' ? 'without' : 'as'} a task are refused.`,
      );
    else add('task-support-widened', `${np}/taskSupport`, `${label}'s task support is now ${nTask} (was ${oTask}).`);
  }

  for (const finding of compareSchemas(
    'input',
    label,
    { schema: o.inputSchema, pointer: `${op}/inputSchema` },
    { schema: n.inputSchema, pointer: `${np}/inputSchema` },
  ))
    add(finding.rule, finding.pointer, finding.sentence);
  if (o.outputSchema && !n.outputSchema)
    add(
      'output-schema-removed',
      `${op}/outputSchema`,
      `${label} no longer declares an outputSchema: clients that read its structuredContent lose the promise.`,
    );
  else if (!o.outputSchema && n.outputSchema) add('output-schema-added', `${np}/outputSchema`, `${label} now declares an outputSchema.`);
  else if (o.outputSchema && n.outputSchema)
    for (const finding of compareSchemas(
      'output',
      label,
      { schema: o.outputSchema, pointer: `${op}/outputSchema` },
      { schema: n.outputSchema, pointer: `${np}/outputSchema` },
    ))
      add(finding.rule, finding.pointer, finding.sentence);
}

function comparePrompt(label: string, o: PromptContract, n: PromptContract, _op: string, np: string, add: Add): void {
  compareWords(label, o, n, np, add);
  for (const [name, arg] of Object.entries(n.arguments)) {
    const pointer = `${np}/arguments/${token(name)}`;
    const before = o.arguments[name];
    if (before === undefined) {
      if (arg.required)
        add(
          'prompt-argument-required-added',
          pointer,
          `${label} has a new required argument "${name}": clients that leave it out are refused.`,
        );
      else add('prompt-argument-optional-added', pointer, `${label} has a new optional argument "${name}".`);
      continue;
    }
    compareWords(`${label} argument "${name}"`, before, arg, pointer, add);
    if (!before.required && arg.required)
      add(
        'prompt-argument-required-added',
        `${pointer}/required`,
        `${label}'s argument "${name}" is now required: clients that leave it out are refused.`,
      );
    if (before.required && !arg.required)
      add('prompt-argument-now-optional', `${pointer}/required`, `${label}'s argument "${name}" is now optional.`);
  }
  for (const name of Object.keys(o.arguments))
    if (!Object.hasOwn(n.arguments, name))
      add(
        'prompt-argument-removed',
        `${_op}/arguments/${token(name)}`,
        `${label}'s argument "${name}" is gone: what clients send for it is ignored or refused.`,
      );
}

function compareResource(label: string, o: ResourceContract, n: ResourceContract, _op: string, np: string, add: Add): void {
  compareWords(label, o, n, np, add);
  if (o.name !== n.name) add('description-changed', `${np}/name`, `${label}: the name changed to "${n.name}" (was "${o.name}").`);
  if (o.mimeType !== n.mimeType)
    add(
      'mime-type-changed',
      `${np}/mimeType`,
      `${label}'s mimeType is now ${n.mimeType ?? 'unset'} (was ${o.mimeType ?? 'unset'}): clients that parse it by type may fail.`,
    );
}
