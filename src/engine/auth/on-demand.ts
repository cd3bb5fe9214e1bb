/**
 * The OAuth code that runs only once a server asks for authorization (a 401 or 403), a token needs
 * refreshing, or a person starts the guided flow or comes back from signing in: the SDK's `auth()` driven
 * by the flow, the guided steps, and the recorded fetch of the OAuth requests. The controller (session.ts)
 * loads it then, as one chunk (see lazy.ts); a server without OAuth never does.
 */
export { AuthFlow } from './flow.ts';
export { runGuidedStep } from './guided.ts';
export { createAuthRecorder } from './recorder.ts';
