export { startDemoServer, type DemoServerOptions, type RunningDemoServer } from './server.ts';
export { createDemoMcpServer, DEMO_SERVER_INFO } from './mcp.ts';
