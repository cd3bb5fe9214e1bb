/** Shapes a `resources/read` result for the UI: text bounded, blobs decoded to Blobs, problems listed. */
import { DECODED_IMAGE_TYPES, imageProblem } from '../../shared/image-header.ts';
import { MAX_RESOURCE_TEXT, type ResourceAnnotations, type ResourceContent } from '../../shared/resources-api.ts';
import { isAppMimeType, readAppResourceMeta } from '../../shared/apps.ts';
import { record, str } from '../../shared/read.ts';

/** Blobs beyond this many decoded bytes are not kept. */
const MAX_RESOURCE_BLOB_BYTES = 20 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function readAnnotations(value: unknown): ResourceAnnotations | undefined {
  const raw = record(value);
  if (!raw) return undefined;
  const out: ResourceAnnotations = {};
  if (Array.isArray(raw.audience)) out.audience = raw.audience.filter((a): a is string => typeof a === 'string').slice(0, 10);
  if (typeof raw.priority === 'number' && Number.isFinite(raw.priority)) out.priority = raw.priority;
  if (typeof raw.lastModified === 'string') out.lastModified = raw.lastModified.slice(0, 100);
  return Object.keys(out).length > 0 ? out : undefined;
}

export function readContents(result: unknown): { contents: ResourceContent[]; problems: string[] } {
  const problems: string[] = [];
  const raw = record(result);
  if (!raw || !Array.isArray(raw.contents)) {
    return { contents: [], problems: ['The result has no "contents" array.'] };
  }
  const contents: ResourceContent[] = [];
  raw.contents.forEach((item, index) => {
    const entry = record(item);
    if (!entry) {
      problems.push(`contents[${index}] is not an object; left out.`);
      return;
    }
    const uri = str(entry.uri);
    if (uri === undefined) problems.push(`contents[${index}] has no uri.`);
    const mimeType = str(entry.mimeType);
    const content: ResourceContent = { uri: uri ?? '', ...(mimeType !== undefined && { mimeType }) };
    const annotations = readAnnotations(entry.annotations);
    if (annotations) content.annotations = annotations;
    if (isAppMimeType(mimeType) || record(record(entry._meta)?.ui)) {
      const app = readAppResourceMeta(entry._meta);
      content.app = app.meta;
      if (app.dropped.length > 0)
        problems.push(`contents[${index}]: CSP sources MCP Lens does not accept were dropped: ${app.dropped.join(', ')}.`);
    }
    const text = str(entry.text);
    const blob = str(entry.blob);
    if (text !== undefined) {
      content.text = text.length > MAX_RESOURCE_TEXT ? text.slice(0, MAX_RESOURCE_TEXT) : text;
      if (text.length > MAX_RESOURCE_TEXT) content.textTruncatedFrom = text.length;
    } else if (blob !== undefined) {
      Object.assign(content, decodeBlob(blob, mimeType));
    } else {
      problems.push(`contents[${index}] has neither "text" nor "blob".`);
    }
    contents.push(content);
  });
  return { contents, problems };
}

function decodeBlob(base64: string, mimeType: string | undefined): Pick<ResourceContent, 'blob' | 'blobBytes' | 'blobError'> {
  const clean = base64.replace(/\s+/g, '');
  const approx = Math.floor((clean.length * 3) / 4);
  if (approx > MAX_RESOURCE_BLOB_BYTES) {
    return {
      blobBytes: approx,
      blobError: `The blob is ${approx} bytes, more than the ${MAX_RESOURCE_BLOB_BYTES / 1024 / 1024} MB kept for display.`,
    };
  }
  if (!BASE64.test(clean)) return { blobError: 'The blob is not valid base64.' };
  try {
    const bytes = Uint8Array.from(atob(clean), (c) => c.charCodeAt(0));
    // An image the UI would show inline is checked here, before any decoder: a lying type or a header that
    // declares a decompression bomb is refused, as for tool-result images and icons.
    const type = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
    const problem = DECODED_IMAGE_TYPES.has(type) ? imageProblem(bytes, type) : undefined;
    if (problem) return { blobBytes: bytes.byteLength, blobError: `The image is not shown: ${problem}.` };
    // The declared type rides on the Blob; the UI decides per allowlist whether to show it inline.
    return { blob: new Blob([bytes], { type: mimeType ?? 'application/octet-stream' }), blobBytes: bytes.byteLength };
  } catch {
    return { blobError: 'The blob is not valid base64.' };
  }
}
