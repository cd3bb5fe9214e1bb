/**
 * The demo server's MCP App: a bar chart of made-up sales. It is one HTML file with an inline script that
 * speaks the MCP Apps protocol (JSON-RPC over postMessage to its host) by hand, so the resource stays a
 * few kilobytes and shows what an app does on the wire: `ui/initialize`, the tool input and result, a
 * `tools/call` through the host ("Refresh"), a link to open, and its size.
 */
export const SALES_CHART_URI = 'ui://mcp-lens-demo/sales-chart.html';

export const SALES_CHART_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sales chart</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; padding: 12px; color: #1f2328; background: #fff; }
  h1 { font-size: 16px; margin: 0 0 8px; }
  .bars { display: grid; gap: 6px; }
  .row { display: grid; grid-template-columns: 5em 1fr 4em; align-items: center; gap: 8px; }
  .bar { height: 18px; background: #2f6feb; border-radius: 3px; min-width: 2px; }
  .value { text-align: right; font-variant-numeric: tabular-nums; }
  .actions { margin-top: 10px; display: flex; gap: 8px; align-items: center; }
  button { font: inherit; padding: 4px 10px; }
  #status { color: #59636e; }
  .dark body { color: #e6edf3; background: #0d1117; }
  .dark #status { color: #9198a1; }
  .dark .bar { background: #4493f8; }
  .dark button { color: #e6edf3; background: #21262d; border: 1px solid #3d444d; border-radius: 4px; }
</style>
</head>
<body>
<h1 id="title">Sales</h1>
<div class="bars" id="bars" role="list" aria-label="Sales by month"></div>
<div class="actions">
  <button id="refresh" type="button">Refresh from server</button>
  <button id="more" type="button">Open the MCP Apps spec</button>
  <span id="status" role="status">Waiting for the host…</span>
</div>
<script>
(() => {
  let nextId = 1;
  const waiting = new Map();
  let region = 'north';
  const host = window.parent;
  const send = (message) => host.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    send({ id, method, params });
  });
  const status = (text) => { document.getElementById('status').textContent = text; };

  function draw(data) {
    if (!data || !Array.isArray(data.months)) return;
    region = data.region || region;
    document.getElementById('title').textContent = 'Sales, ' + region + ' region';
    const max = Math.max(1, ...data.months.map((m) => m.amount));
    const bars = document.getElementById('bars');
    bars.replaceChildren(...data.months.map((m) => {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('role', 'listitem');
      const label = document.createElement('span');
      label.textContent = m.month;
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.style.width = Math.round((m.amount / max) * 100) + '%';
      const value = document.createElement('span');
      value.className = 'value';
      value.textContent = String(m.amount);
      row.append(label, bar, value);
      return row;
    }));
    reportSize();
  }

  function reportSize() {
    send({ method: 'ui/notifications/size-changed', params: { height: Math.ceil(document.body.getBoundingClientRect().height) } });
  }

  window.addEventListener('message', (event) => {
    if (event.source !== host) return;
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.id !== undefined && waiting.has(message.id) && !message.method) {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result);
      return;
    }
    if (message.method === 'ui/notifications/tool-input') region = (message.params && message.params.arguments && message.params.arguments.region) || region;
    if (message.method === 'ui/notifications/tool-result') { draw(message.params && message.params.structuredContent); status('Showing the tool result.'); }
    if (message.method === 'ui/notifications/host-context-changed' && message.params && message.params.theme) document.documentElement.classList.toggle('dark', message.params.theme === 'dark');
    if (message.method === 'ui/resource-teardown') send({ id: message.id, result: {} });
    if (message.method === 'ping') send({ id: message.id, result: {} });
  });

  document.getElementById('refresh').addEventListener('click', async () => {
    status('Calling get-sales through the host…');
    try {
      const result = await request('tools/call', { name: 'get-sales', arguments: { region } });
      draw(result.structuredContent);
      status('Refreshed through the host.');
    } catch (error) {
      status('The host refused: ' + error.message);
    }
  });
  document.getElementById('more').addEventListener('click', async () => {
    try {
      const result = await request('ui/open-link', { url: 'https://modelcontextprotocol.io/extensions/apps' });
      status(result && result.isError ? 'The host did not open the link.' : 'The host opened the link.');
    } catch (error) {
      status('The host refused: ' + error.message);
    }
  });

  request('ui/initialize', {
    protocolVersion: '2026-01-26',
    appInfo: { name: 'sales-chart', version: '1.0.0' },
    appCapabilities: {},
  }).then((result) => {
    // The host says which theme it shows; the chart follows it (and later changes of it).
    document.documentElement.classList.toggle('dark', Boolean(result && result.hostContext && result.hostContext.theme === 'dark'));
    send({ method: 'ui/notifications/initialized', params: {} });
    status('Connected to the host.');
    reportSize();
  }, (error) => status('The host did not answer ui/initialize: ' + error.message));
})();
</script>
</body>
</html>
`;
