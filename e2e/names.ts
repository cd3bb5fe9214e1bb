/**
 * The accessible names the UI keeps stable, by area. Tests find controls as a person does, by role and
 * visible name, so these names are part of the product: a spec imports them from here instead of writing
 * them out, and `src/test/ui-names.test.ts` fails when one no longer appears in `src/ui/`. A renamed control
 * is then one edit here, and a name nobody shows any more cannot linger.
 *
 * Names with a part that varies (a tool's name, a count) are functions in `nameOf` below.
 */
export const names = {
  connection: {
    serverUrl: 'Server URL',
    connect: 'Connect',
    disconnect: 'Disconnect',
    /** The combobox, with the options Auto, 2026-07-28 and "2025 and older". */
    protocol: 'Protocol',
    checkCors: 'Check CORS',
    connectAs2025: 'Connect as 2025',
    localRelay: 'Local relay',
    copyRelayCommand: 'Copy relay command',
    /** The relay's command as `relayAdvice` words it where this copy of the app came from (a `pre`). */
    relayCommand: 'Relay command',
    /** A hosted copy's: a disclosure (`summary`) over the download and run in PowerShell, and the check of the file's SHA-256. */
    relayMore: 'PowerShell, and checking the file',
    /** A clone's or the package's: a disclosure over the same command for PowerShell. */
    relayPowershell: 'In PowerShell',
    relayCommandPowershell: 'Relay command for PowerShell',
    checkRelayFile: 'Check the relay file',
    /** A popover (a group of the same name) with Transport, Protocol, Headers, Client capabilities and Save server. */
    settings: 'Connection settings',
    transport: 'Transport',
    headers: 'Headers',
    clientCapabilities: 'Client capabilities',
    saveServer: 'Save server',
    /** Opens the folded server card (`aria-expanded`). */
    serverDetails: 'Server details',
    /**
     * Connect while connected: a group with the three choices below. The first two end with the server they
     * connect to ("Open a new connection to 127.0.0.1:3001/mcp": `nameOf.openNewConnectionTo`).
     */
    connectAgain: 'Connect again?',
    openNewConnection: 'Open a new connection',
    reconnectHere: 'Reconnect here',
    cancel: 'Cancel',
  },
  layout: {
    resizeTraffic: 'Resize the traffic column',
    resizeNotifications: 'Resize notifications',
    resizeDetail: 'Resize message detail',
    notifications: 'Notifications',
  },
  workspace: {
    group: 'Workspace',
    addConnection: 'Add connection',
    saveSession: 'Save session',
    openSession: 'Open session',
    demoMode: 'Demo mode',
    theme: 'Theme',
    /** With two or more connections open. */
    connections: 'Connections',
  },
  tabs: {
    tools: 'Tools',
    resources: 'Resources',
    prompts: 'Prompts',
    apps: 'Apps',
    tasks: 'Tasks',
    history: 'History',
    logs: 'Logs',
    roots: 'Roots',
    authorization: 'Authorization',
    audit: 'Audit',
    playground: 'Playground',
    contract: 'Contract',
    collections: 'Collections',
  },
  /** The feature tab bar: one row of tabs, and the menu that holds the ones a narrow pane has no room for. */
  featureTabs: {
    list: 'MCP features',
    more: 'More tabs',
  },
  playground: {
    provider: 'Provider',
    model: 'Model',
    baseUrl: 'Base URL',
    apiKey: 'API key',
    forgetKey: 'Forget key',
    /** The opt-in to keep the provider key in this browser (IndexedDB, per provider origin); the OAuth box's words. */
    rememberKey: 'Remember on this device',
    message: 'Message to the model',
    send: 'Send',
    stop: 'Stop',
    restart: 'Restart',
    conversation: 'Conversation',
    showInLog: 'Show in Message log',
    /** The destructive-tool question (the Tools tab's dialog) adds this choice in the Playground. */
    allowForConversation: 'Allow for this conversation',
    runAnyway: 'Run anyway',
    /** Prompts and resources as context (ContextPicker.tsx). */
    addContext: 'Add context',
    context: 'Context',
    contextPrompt: 'Prompt',
    contextResource: 'Resource',
    attachPrompt: 'Attach prompt',
    attachResource: 'Attach resource',
    /** Demo mode's conversation script (PromptScriptBar.tsx). */
    useAsScript: 'Use as demo script',
    conversationScript: 'Conversation script',
    nextPrompt: 'Next prompt',
  },
  /** The sampling dialog's model answer (the Playground's provider and model). */
  sampling: {
    /** Shown instead of "Answer with <model>" while no provider is set up; opens the Playground tab. */
    setUpModel: 'Set up a model in the Playground',
    autoApprove: 'Auto-approve with the model on this connection',
    turnOffAutoApprove: 'Turn off auto-approve',
  },
  tools: {
    runTool: 'Run tool',
    /** The safe choice of every "may be destructive" question (Tools, Audit, Playground, Apps): it has the focus. */
    dontRun: 'Don’t run',
    /** In that question, where someone else wrote the arguments (the Playground's model): what it will send. */
    argumentsItWillSend: 'Arguments it will send',
    result: 'Result',
    searchTools: 'Search tools',
    searchResources: 'Search resources',
    /** Under a Markdown resource, the resource one of its relative links named, read on the session. */
    closeLinkedResource: 'Close linked resource',
    searchPrompts: 'Search prompts',
    resourceTemplates: 'Resource templates',
    loadMore: 'Load more',
  },
  serverLogs: {
    list: 'Server log messages',
    message: 'Log message',
    showAtLeast: 'Show at least',
    level: 'Server log level',
    clear: 'Clear logs',
  },
  /** The Collections tab (docs/collections.md); a step's own controls are in `nameOf` (collectionStep, …). */
  collections: {
    /** On a History entry, a Playground tool card and a request's detail in the Message log. */
    add: 'Add to collection',
    /** The safe choice when Close or Open would lose unsaved changes (DiscardChangesDialog). */
    keepEditing: 'Keep editing',
    steps: 'Collection steps',
    name: 'Collection name',
    run: 'Run collection',
    stop: 'Stop run',
    save: 'Save collection',
    open: 'Open collection',
    close: 'Close collection',
    fileToOpen: 'Collection file to open',
    runProgress: 'Run progress',
    acceptNewResult: 'Accept new result',
    /** The group of inputs for the `${env:…}` and `${var:…}` the open collection uses; each input is named by its placeholder. */
    variables: 'Collection variables',
  },
  history: {
    callHistory: 'Call history',
    savedRequests: 'Saved requests',
    saveRequest: 'Save request',
    requestName: 'Request name',
  },
  /** The console of a stdio server behind the local relay: a tab beside Notifications (tablist "Beside the message log"). */
  console: {
    tabs: 'Beside the message log',
    tab: 'Console',
    region: 'Console',
    filter: 'Filter console',
    lines: 'Console lines',
    copy: 'Copy',
    restart: 'Restart',
  },
  palette: {
    dialog: 'Command palette',
    search: 'Search commands, tabs, tools, resources and prompts',
    results: 'Results',
  },
  apps: {
    region: 'MCP App',
    activity: 'App activity',
    list: 'MCP Apps',
    toolInput: 'Tool input (JSON)',
    openApp: 'Open app',
    runAndOpen: 'Run tool and open',
    openLink: 'Open link',
    runOnce: 'Run once',
    allowForSession: 'Allow for this session',
  },
  richResults: {
    readResource: 'Read resource',
    imageZoom: 'Image zoom',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fitToWindow: 'Fit to window',
    actualSize: 'Actual size',
  },
  demo: {
    activityStrip: 'Activity strip',
    script: 'Demo script',
    nextStep: 'Next step',
    restartScript: 'Restart script',
    /** A note under the Demo mode button, only while there is no script to step: why, and what would make one. */
    presenterHint: 'Presenter hint',
  },
  serverRequests: {
    approve: 'Approve',
    reject: 'Reject',
    accept: 'Accept',
    decline: 'Decline',
  },
  log: {
    region: 'Message log',
    filter: 'Filter messages',
    jumpToLatest: 'Jump to latest',
    filters: 'Message filters',
    direction: 'Direction',
    kind: 'Kind',
    method: 'Method',
    pin: 'Pin',
    unpin: 'Unpin',
    pinned: 'Pinned messages',
    selected: 'Selected message',
    copyAsJson: 'Copy as JSON',
    copyAsCurl: 'Copy as curl',
    resend: 'Re-send',
    editAndResend: 'Edit and re-send',
    requestJson: 'Request JSON',
    sendRequest: 'Send request',
    closeEditor: 'Close editor',
    cancelResend: 'Cancel re-send',
    resendAnswer: 'Re-send answer',
    closeAnswer: 'Close answer',
    showOriginal: 'Show original',
    exportLog: 'Export log',
    exportFilteredLog: 'Export filtered log',
    /** The rows; the log's Tab stop while no row is selected (arrow keys move inside). */
    list: 'Messages',
    showRequest: 'Show request',
  },
  authorization: {
    authorize: 'Authorize',
    needed: 'Authorization needed',
    continueInThisTab: 'Continue in this tab',
    remember: 'Remember on this device',
    forget: 'Forget',
    signInResult: 'Sign-in result',
    dismiss: 'Dismiss',
    guided: 'Guided authorization',
    guidedSteps: 'Guided steps',
    runAll: 'Run all',
    startOver: 'Start over',
    openSignIn: 'Open the sign-in page',
  },
  sessionFile: {
    savedRuns: 'Saved runs',
    savedGets: 'Saved gets',
    readInThisSession: 'Read in this session',
  },
  streamHealth: {
    drops: 'Event stream drops',
  },
  http: {
    messages: 'Messages',
    http: 'HTTP',
    exportHar: 'Export HAR',
    showExchange: 'Show HTTP exchange',
  },
  panels: {
    tryAgain: 'Try again',
  },
  links: {
    request: 'Link request',
    connectToThisServer: 'Connect to this server',
    notNow: 'Not now',
  },
  savedServers: {
    formName: 'Name for this server',
    save: 'Save',
    list: 'Saved servers',
    serverName: 'Server name',
    saveName: 'Save name',
    configJson: 'Config JSON',
    import: 'Import',
    localServers: 'Local servers',
    notImported: 'Not imported',
  },
  audit: {
    run: 'Run audit',
    runAgain: 'Run audit again',
    cancel: 'Cancel audit',
    /** A progressbar while a run goes; the status beside it says "Check n of m: <id>", then the summary. */
    progress: 'Audit progress',
    results: 'Audit results',
    /** A group of toggle buttons (`aria-pressed`), one per verdict: Fail, Warning, Pass, Not applicable. */
    showVerdicts: 'Show verdicts',
    fail: 'Fail',
    warning: 'Warning',
    pass: 'Pass',
    notApplicable: 'Not applicable',
    /** A select: Failures first, Run order. */
    order: 'Order',
    exportJson: 'Export JSON',
    exportMarkdown: 'Export Markdown',
    closeReport: 'Close report',
    /** A disclosure (`details`) holding the list below. */
    toolsToCall: 'Tools to call',
    toolList: 'Tools the audit may call',
    /** Each row's disclosure: the details, then each exchange with its messages and links. */
    exchanges: 'What was sent and what came back',
  },
  contract: {
    save: 'Save contract snapshot',
    compareWithFile: 'Compare with a file…',
    /** The hidden file input behind "Compare with a file…". */
    fileToCompare: 'Contract snapshot to compare with',
    /** A select of the other open connections, with its button. */
    peer: 'Compare with connection',
    compare: 'Compare',
    comparison: 'Contract comparison',
    /** The server card's button beside its own Save contract snapshot: goes to the Contract tab. */
    compareFromServer: 'Compare…',
    swap: 'Swap sides',
    /** A group of toggle buttons (`aria-pressed`), one per class: Breaking, Risky, Safe, Info, each with its count. */
    show: 'Show changes',
    changes: 'Contract changes',
    copyText: 'Copy as text',
    copyJson: 'Copy as JSON',
  },
} as const;

/** Names with a part that varies. */
export const nameOf = {
  /** The one-click fix for a URL: the scheme left off, or https:// to a port that speaks plain http. */
  useSuggestedUrl: (url: string) => `Use ${url}`,
  /** A connection in the switcher: "<server>, <connected|connecting|failed|not connected>". */
  connectionButton: (server: string, state: string) => `${server}, ${state}`,
  closeConnection: (server: string) => `Close ${server}`,
  /** A class of contract changes in the Contract tab, a region: "Breaking (3)". */
  contractGroup: (label: 'Breaking' | 'Risky' | 'Safe' | 'Info', count: number) => `${label} (${count})`,
  runAgain: (tool: string) => `Run ${tool} again`,
  /** A step of the open collection (a listitem), 1-based: "Step 2: resources/read demo://notes". */
  collectionStep: (n: number, name: string) => `Step ${n}: ${name}`,
  showStepInLog: (n: number) => `Show in Message log: step ${n}`,
  acceptStepResult: (n: number) => `Accept new result of step ${n}`,
  stepDifference: (n: number) => `Difference from the snapshot of step ${n}`,
  /** The Show toggle (aria-pressed) of an `${env:…}` input in the Collections tab: "Show the value of ${env:TOKEN}". */
  showVariable: (placeholder: string) => `Show the value of ${placeholder}`,
  stepVerdict: (words: 'pass' | 'FAIL' | 'refused' | 'skipped' | 'not run' | 'running') => `Verdict: ${words}`,
  runSavedRequest: (name: string) => `Run saved request ${name}`,
  deleteSavedRequest: (name: string) => `Delete saved request ${name}`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  showPollsOfTask: (taskId: string) => `Show polls of task ${taskId}`,
  guidedNext: (step: string) => `Next: ${step}`,
  stepExchanges: (step: string) => `${step}: requests and responses`,
  headerValue: (header: string) => `Value of ${header}`,
  keepHeaderValue: (header: string) => `Keep the value of ${header} on this device`,
  connectToSaved: (name: string) => `Connect to ${name}`,
  renameSaved: (name: string) => `Rename ${name}`,
  duplicateSaved: (name: string) => `Duplicate ${name}`,
  exportSaved: (name: string) => `Export ${name}`,
  deleteSaved: (name: string) => `Delete ${name}`,
  appFrame: (uri: string) => `MCP App ${uri}`,
  switchTo: (server: string) => `Switch to ${server}`,
  /** The Connect again? buttons, by the server's host and path (`shortUrl` in src/app/connection/reconnect-plan.ts). */
  openNewConnectionTo: (hostAndPath: string) => `Open a new connection to ${hostAndPath}`,
  reconnectHereTo: (hostAndPath: string) => `Reconnect here to ${hostAndPath}`,
  toolCallCard: (tool: string) => `Tool call ${tool}`,
  /** The sampling dialog's button once the Playground has a provider set up. */
  answerWith: (model: string) => `Answer with ${model}`,
  removeContext: (label: string) => `Remove ${label}`,
  savedConversation: (n: number) => `Saved conversation ${n}`,
  /** A row of the Audit results: "<check id>: <pass|fail|warning|not-applicable>". */
  auditRow: (id: string, verdict: string) => `${id}: ${verdict}`,
  showInLog: (method: string) => `Show ${method} in the Message log`,
  showInHttp: (method: string) => `Show ${method} in the HTTP view`,
};
