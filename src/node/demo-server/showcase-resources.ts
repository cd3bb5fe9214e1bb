import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';

import { icons } from './icons.ts';
import { lensPng, toneWav } from './media.ts';

// Markdown that a careless client would turn into live HTML: raw tags, a javascript: link and a remote
// image. A good inspector shows the tags as text, refuses the link and does not fetch the image. Its relative
// link names another resource of this server, resolved against this one's URI.
const GUIDE = `# Inspector guide

Resources come in **many shapes**; this one is *Markdown*.

## Things to check

1. Headings, lists and \`inline code\` render.
2. [A safe link](https://modelcontextprotocol.io/specification/2025-11-25) opens in a new tab.
3. [A javascript: link](javascript:alert('gotcha')) is not a link at all.
4. Raw HTML stays text: <script>alert('no')</script> <b onclick="alert(1)">bold?</b>
5. [A relative link](readme) names the resource beside this one (demo://docs/readme): it is read here, never opened as a page.

![A remote image that must not be fetched](https://example.com/tracker.png)

\`\`\`json
{ "hello": "world" }
\`\`\`

> Quotes work too.
`;

const CONFIG = {
  name: 'demo',
  retries: 3,
  endpoints: [{ path: '/mcp', methods: ['GET', 'POST', 'DELETE'] }],
  features: { tools: true, resources: true },
};

const HTML_PAGE = `<!doctype html><html><body style="font-family:sans-serif">
<h1>An HTML resource</h1>
<p>Shown only as source or in a sandbox: this script must not reach the inspector.</p>
<script>document.body.append(' (script ran inside the sandbox only)'); try { parent.document.title = 'pwned'; } catch (e) { document.body.append(' — parent blocked'); }</script>
</body></html>`;

const FOLDERS: Record<string, string[]> = {
  reports: ['q1.txt', 'q2.txt', 'summary.txt'],
  recipes: ['bread.txt', 'pancakes.txt', 'soup.txt'],
  letters: ['to-ada.txt', 'to-grace.txt'],
};

/** A 1 KB pseudo-random file: bytes with no inline rendering, so it can only be downloaded. */
function sampleBytes(): Buffer {
  const bytes = Buffer.alloc(1024);
  let x = 42;
  for (let i = 0; i < bytes.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

/** Resources of every content shape: Markdown, JSON, HTML, audio, a binary file, and a template with dependent completion. */
export function registerShowcaseResources(server: McpServer): void {
  server.registerResource(
    'guide',
    'demo://docs/guide.md',
    {
      title: 'Inspector guide',
      description: 'Markdown with raw HTML, links and a remote image: rendered safely or shown as text.',
      mimeType: 'text/markdown',
      icons: icons.doc,
      annotations: { audience: ['user'], priority: 0.8, lastModified: '2025-11-25T09:00:00Z' },
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: GUIDE }] }),
  );
  server.registerResource(
    'config',
    'demo://data/config.json',
    {
      title: 'Configuration',
      description: 'A JSON document, pretty-printed by the client.',
      mimeType: 'application/json',
      size: JSON.stringify(CONFIG).length,
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(CONFIG) }] }),
  );
  server.registerResource(
    'hello-page',
    'demo://pages/hello.html',
    {
      title: 'HTML page',
      description: 'text/html with a script: source view or a sandboxed frame, never the inspector’s DOM.',
      mimeType: 'text/html',
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/html', text: HTML_PAGE }] }),
  );
  server.registerResource(
    'tone',
    'demo://audio/tone.wav',
    { title: 'A short tone', description: 'A 440 Hz WAV, as a base64 blob.', mimeType: 'audio/wav', icons: icons.audio },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'audio/wav', blob: toneWav(440, 400).toString('base64') }] }),
  );
  server.registerResource(
    'sample-bin',
    'demo://files/sample.bin',
    {
      title: 'Binary file',
      description: '1 KB of bytes with no inline form: offered as a download.',
      mimeType: 'application/octet-stream',
      size: 1024,
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/octet-stream', blob: sampleBytes().toString('base64') }] }),
  );
  server.registerResource(
    'two-images',
    'demo://images/pair',
    {
      title: 'Two images in one read',
      description: 'One resources/read returning two contents items.',
      mimeType: 'image/png',
      icons: icons.image,
    },
    (uri) => ({
      contents: [
        { uri: `${uri.href}/green.png`, mimeType: 'image/png', blob: lensPng(48, [22, 163, 74, 255]).toString('base64') },
        { uri: `${uri.href}/amber.png`, mimeType: 'image/png', blob: lensPng(48, [217, 119, 6, 255]).toString('base64') },
      ],
    }),
  );
  server.registerResource(
    'file',
    new ResourceTemplate('demo://files/{folder}/{file}', {
      list: undefined,
      complete: {
        folder: (value) => Object.keys(FOLDERS).filter((f) => f.startsWith(value.toLowerCase())),
        // Depends on the folder already chosen: the client must pass context.arguments.
        file: (value, context) => {
          const folder = context?.arguments?.folder;
          const files = folder && FOLDERS[folder] ? FOLDERS[folder] : Object.values(FOLDERS).flat();
          return files.filter((f) => f.startsWith(value.toLowerCase()));
        },
      },
    }),
    {
      title: 'File in a folder',
      description: 'Two variables; the file suggestions depend on the folder (completion context).',
      mimeType: 'text/plain',
      icons: icons.note,
    },
    (uri, variables) => {
      const folder = String(variables.folder ?? '').slice(0, 100);
      const file = String(variables.file ?? '').slice(0, 100);
      const known = FOLDERS[folder]?.includes(file);
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'text/plain',
            text: known ? `Contents of ${folder}/${file}.` : `There is no ${file} in ${folder}; this is a placeholder.`,
          },
        ],
      };
    },
  );
}
