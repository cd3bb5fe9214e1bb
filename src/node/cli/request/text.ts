/**
 * `--format text`: each answer as lines for a person. Text is printed as it is (one-request.ts neutralises
 * each line with terminalText); media and blobs are named with their type and size, never dumped; anything
 * MCP Lens does not know is shown as JSON. `--format json` prints the result itself, not this.
 */
import type { ContentBlock, Tool, ToolCallOutcome } from '../../../shared/model.ts';
import type { PromptGetResult, PromptInfo } from '../../../shared/prompts-api.ts';
import type { ResourceInfo, ResourceReadResult, ResourceTemplateInfo } from '../../../shared/resources-api.ts';
import { formatCount, isRecord } from '../../../shared/read.ts';
import type { ToolVerdict } from '../../../shared/tool-verdict.ts';

const base64Bytes = (data: unknown) => (typeof data === 'string' ? Math.floor((data.replace(/=+$/, '').length * 3) / 4) : 0);
const sized = (bytes: number) => `${formatCount(bytes)} bytes`;

/** One content block (a tool's result, a prompt's message) as lines. */
function contentText(block: ContentBlock): string[] {
  const { type } = block;
  if (type === 'text' && typeof block.text === 'string') return [block.text];
  if ((type === 'image' || type === 'audio') && typeof block.data === 'string')
    return [`[${type} ${String(block.mimeType ?? '')}, ${sized(base64Bytes(block.data))}]`];
  if (type === 'resource_link') return [`[resource link] ${String(block.uri)}${typeof block.name === 'string' ? ` (${block.name})` : ''}`];
  if (type === 'resource' && isRecord(block.resource)) {
    const { uri, text, blob, mimeType } = block.resource;
    if (typeof text === 'string') return [`[resource ${String(uri)}]`, text];
    return [`[resource ${String(uri)}: ${String(mimeType ?? 'blob')}, ${sized(base64Bytes(blob))}]`];
  }
  return [JSON.stringify(block, null, 2)];
}

/** A tool's result: its content, its structuredContent as JSON, and what is wrong with it. */
export function outcomeText(outcome: ToolCallOutcome, verdict: ToolVerdict): string[] {
  const lines = outcome.content.flatMap(contentText);
  if (outcome.structuredContent !== undefined) lines.push('structuredContent:', JSON.stringify(outcome.structuredContent, null, 2));
  if (verdict !== 'ok') lines.push(`verdict: ${verdict}${outcome.isError ? ' (isError)' : ''}`);
  for (const problem of outcome.contentProblems ?? []) lines.push(`breaks the spec: ${problem}`);
  for (const error of outcome.outputSchemaErrors ?? []) lines.push(`outputSchema: ${error}`);
  return lines;
}

/** A resource's contents: the text of each, a blob named by type and size; a header per item when there are several. */
export function readText(result: ResourceReadResult): string[] {
  const several = result.contents.length > 1;
  const lines = result.contents.flatMap((item) => {
    const head = several ? [`--- ${item.uri}${item.mimeType ? ` (${item.mimeType})` : ''}`] : [];
    if (item.text !== undefined)
      return [
        ...head,
        item.text,
        ...(item.textTruncatedFrom !== undefined ? [`[cut: ${formatCount(item.textTruncatedFrom)} characters in all]`] : []),
      ];
    if (item.blobError !== undefined) return [...head, `[blob not kept: ${item.blobError}]`];
    return [...head, `[blob ${item.mimeType ?? ''}, ${sized(item.blobBytes ?? item.blob?.size ?? 0)}]`];
  });
  return [...lines, ...result.problems.map((problem) => `problem: ${problem}`)];
}

/** A prompt's messages, each under its role. */
export function promptText(result: PromptGetResult): string[] {
  return [
    ...(result.description ? [result.description, ''] : []),
    ...result.messages.flatMap((message) => [`${message.role}:`, ...contentText(message.content).map((line) => `  ${line}`)]),
    ...result.problems.map((problem) => `problem: ${problem}`),
  ];
}

const said = (title?: string, description?: string) => {
  const words = title ?? description?.split('\n')[0];
  return words ? ` — ${words}` : '';
};

export const toolLine = (tool: Tool) => `${tool.name}${said(tool.title, tool.description)}`;
export const resourceLine = (resource: ResourceInfo) => `${resource.uri}  ${resource.name}${said(resource.title, resource.description)}`;
export const templateLine = (template: ResourceTemplateInfo) =>
  `${template.uriTemplate}  ${template.name}${said(template.title, template.description)}`;
export const promptLine = (prompt: PromptInfo) =>
  `${prompt.name}(${prompt.arguments.map((a) => `${a.name}${a.required ? '' : '?'}`).join(', ')})${said(prompt.title, prompt.description)}`;
