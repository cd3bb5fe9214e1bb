/** `mcp-lens read <uri> <server URL>`: one resources/read, its contents printed whole (a blob as base64, as the wire has it). */
import type { ResourceReadResult } from '../../../shared/resources-api.ts';
import { askOnce, REQUEST_OPTIONS, requestCommand, subjectAndUrl } from './one-request.ts';
import { readText } from './text.ts';

export const runRead = requestCommand({
  word: 'read',
  operands: '<uri> <server URL>',
  about: `Reads one resource and prints its contents: each item's uri, mimeType and text, or its blob in base64.
Problems with the shape of the answer are listed in "problems" (and on stderr).`,
  options: REQUEST_OPTIONS,
  run({ values, positionals }, io) {
    const { subject: uri, url } = subjectAndUrl(positionals, 'URI');
    return askOnce(values, url, io, async ({ run, warn }) => {
      const read = await run.attempt('readResource', { uri });
      if (!read.ok) return { error: read, what: `resources/read ${uri}` };
      for (const problem of read.value.problems) warn(`${uri}: ${problem}`);
      return { json: await readJson(read.value), text: readText(read.value) };
    });
  },
});

/** The read as JSON: the engine decodes a blob into a Blob for the app; JSON carries it as base64 again. */
async function readJson(result: ResourceReadResult): Promise<unknown> {
  const contents = await Promise.all(
    result.contents.map(async ({ blob, ...item }) =>
      blob === undefined ? item : { ...item, blob: Buffer.from(await blob.arrayBuffer()).toString('base64') },
    ),
  );
  return { ...result, contents };
}
