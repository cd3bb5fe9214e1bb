/**
 * Where MCP Lens runs on this machine unless told otherwise. `npx mcp-lens` and `npm start` both serve the
 * app here, and the relay's links open it (its `--lens`). One fixed address, so a relay's link finds the
 * app, and the app finds its saved servers again: the browser keeps them per origin.
 */
export const LOCAL_APP_PORT = 5173;

/** The app's address on this machine, as the relay's links open it. */
export const LOCAL_APP_URL = `http://127.0.0.1:${LOCAL_APP_PORT}/`;
