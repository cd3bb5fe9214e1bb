export { startDemoServer, type RunningDemoServer } from './server.ts';
