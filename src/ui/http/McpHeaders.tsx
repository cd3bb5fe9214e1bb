import { mcpHeaderRows, type McpHeaderRow } from './mcp-headers.ts';
import { ServerText } from '../common/ServerText.tsx';

/**
 * The MCP headers of one exchange, first and apart from the rest: what the request said it was
 * (Mcp-Method, Mcp-Name, Mcp-Param-*, MCP-Protocol-Version, Mcp-Session-Id) and what came back. A value
 * sent in the `=?base64?…?=` form is shown decoded beside the raw value.
 */
export function McpHeaders({ request, response }: { request: Array<[string, string]>; response: Array<[string, string]> | undefined }) {
  const rows = [
    ...mcpHeaderRows(request).map((row) => ['request', row] as const),
    ...mcpHeaderRows(response).map((row) => ['response', row] as const),
  ];
  if (rows.length === 0) return null;
  return (
    <section className="mcp-headers" aria-label="MCP headers">
      <h3 className="section-subtitle">MCP headers</h3>
      <table className="http-headers mcp-headers-table">
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([side, row], index) => (
            <tr key={`${side}-${row.name}-${index}`}>
              <th scope="row" className="mono">
                <span
                  className="mcp-header-side"
                  aria-hidden="true"
                  title={side === 'request' ? 'Sent with the request' : 'Received with the response'}
                >
                  {side === 'request' ? '→' : '←'}
                </span>
                <span className="visually-hidden">{side === 'request' ? 'sent' : 'received'} </span> <ServerText text={row.name} />
              </th>
              <td className="mono break">
                <HeaderValue row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function HeaderValue({ row }: { row: McpHeaderRow }) {
  const { decoded } = row;
  if (decoded.kind === 'plain') return <ServerText text={row.raw} />;
  return (
    <span className="mcp-header-value">
      <span className="mcp-header-decoded">
        {decoded.kind === 'base64' ? (
          <>
            <ServerText text={decoded.value} /> <span className="badge">Base64-decoded</span>
          </>
        ) : (
          <span className="field-error">Cannot decode: {decoded.reason}</span>
        )}
      </span>
      <span className="mcp-header-raw muted">
        raw <ServerText text={row.raw} />
      </span>
    </span>
  );
}
