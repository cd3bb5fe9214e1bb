/**
 * The spec's rules for sampling/createMessage (2025-11-25) that the SDK's schema check does not cover:
 * tools only with the `sampling.tools` capability, tool_use/tool_result pairing (both -32602), and a
 * check of the person's reply before it is sent. Loaded with the first sampling request (load-checks.ts).
 */

type Block = Record<string, unknown> & { type?: unknown };

const blocksOf = (content: unknown): Block[] =>
  (Array.isArray(content) ? content : [content]).filter((b): b is Block => typeof b === 'object' && b !== null);

/** Returns why the request must be refused with -32602, or undefined when it is acceptable. */
export function checkSamplingRequest(params: Record<string, unknown>, toolsAllowed: boolean): string | undefined {
  if ((params.tools !== undefined || params.toolChoice !== undefined) && !toolsAllowed) {
    return 'This client did not declare the sampling.tools capability, so a sampling request must not offer tools or a toolChoice.';
  }
  const messages = Array.isArray(params.messages) ? params.messages : [];
  return checkToolPairing(messages);
}

/**
 * A message with tool results holds only tool results, from the user; each assistant tool_use is answered
 * by exactly one tool_result in the next message, and every tool_result answers a tool_use of the message
 * before it.
 */
export function checkToolPairing(messages: unknown[]): string | undefined {
  let openToolUses: string[] = [];
  let openAt = -1;
  for (const [index, raw] of messages.entries()) {
    const message = (typeof raw === 'object' && raw !== null ? raw : {}) as { role?: unknown; content?: unknown };
    const blocks = blocksOf(message.content);
    const results = blocks.filter((b) => b.type === 'tool_result');
    const uses = blocks.filter((b) => b.type === 'tool_use');
    if (results.length > 0) {
      if (results.length !== blocks.length)
        return `messages[${index}] mixes tool_result with other content; a message with tool results must contain only tool results.`;
      if (message.role !== 'user')
        return `messages[${index}] carries tool results but its role is ${JSON.stringify(message.role)}, not "user".`;
      const answered = new Set<string>();
      for (const result of results) {
        const id = result.toolUseId;
        if (typeof id !== 'string') return `messages[${index}] has a tool_result without a toolUseId.`;
        if (!openToolUses.includes(id))
          return `messages[${index}] has a tool_result for toolUseId ${JSON.stringify(id)}, which no tool_use in the previous message has.`;
        if (answered.has(id)) return `messages[${index}] answers toolUseId ${JSON.stringify(id)} twice.`;
        answered.add(id);
      }
      const missing = openToolUses.filter((id) => !answered.has(id));
      if (missing.length > 0)
        return `messages[${openAt}] has tool_use ${missing.map((id) => JSON.stringify(id)).join(', ')} with no tool_result in messages[${index}].`;
      openToolUses = [];
      continue;
    }
    if (openToolUses.length > 0)
      return `messages[${openAt}] has tool_use blocks, but messages[${index}] does not answer them with tool results.`;
    if (uses.length > 0) {
      if (message.role !== 'assistant')
        return `messages[${index}] carries tool_use but its role is ${JSON.stringify(message.role)}, not "assistant".`;
      const ids = uses.map((u) => u.id);
      if (ids.some((id) => typeof id !== 'string')) return `messages[${index}] has a tool_use without an id.`;
      if (new Set(ids).size !== ids.length) return `messages[${index}] repeats a tool_use id.`;
      openToolUses = ids as string[];
      openAt = index;
    }
  }
  return undefined;
}

const toolNamesOf = (params: Record<string, unknown>) =>
  new Set(
    (Array.isArray(params.tools) ? params.tools : []).flatMap((t) =>
      typeof (t as { name?: unknown })?.name === 'string' ? [(t as { name: string }).name] : [],
    ),
  );

/** Checks the person's reply against the request before it goes out; returns what to fix, or undefined. */
export function checkSamplingReply(
  result: Record<string, unknown>,
  params: Record<string, unknown>,
  toolsAllowed: boolean,
): string | undefined {
  if (result.role !== 'assistant' && result.role !== 'user') return 'The reply needs a role (assistant or user).';
  if (typeof result.model !== 'string' || result.model.trim() === '')
    return 'Name the model that "produced" the reply (any text, e.g. human-in-the-loop).';
  const blocks = blocksOf(result.content);
  if (blocks.length === 0) return 'The reply needs content.';
  const uses = blocks.filter((b) => b.type === 'tool_use');
  if (uses.length > 0) {
    if (!toolsAllowed || params.tools === undefined) return 'The request offered no tools, so the reply cannot contain tool_use.';
    if ((params.toolChoice as { mode?: unknown } | undefined)?.mode === 'none')
      return 'The request set toolChoice "none": the reply must not use tools.';
    const names = toolNamesOf(params);
    for (const use of uses) {
      if (typeof use.name !== 'string' || !names.has(use.name))
        return `tool_use names ${JSON.stringify(use.name)}, which the request did not offer.`;
      if (typeof use.id !== 'string' || use.id === '') return 'Each tool_use needs an id.';
      if (typeof use.input !== 'object' || use.input === null || Array.isArray(use.input))
        return `The input of tool_use ${JSON.stringify(use.name)} must be a JSON object.`;
    }
  }
  for (const block of blocks) {
    if (block.type === 'text' && typeof block.text !== 'string') return 'A text block needs text.';
    if ((block.type === 'image' || block.type === 'audio') && (typeof block.data !== 'string' || typeof block.mimeType !== 'string')) {
      return `An ${String(block.type)} block needs base64 data and a mimeType.`;
    }
  }
  return undefined;
}
