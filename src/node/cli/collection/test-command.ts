/**
 * `mcp-lens test <collection.json> <server URL>`: runs a collection (docs/collections.md) headless, with the
 * same runner and judge as the app, on the CLI's connection (connection.ts: `--header`, `--era`, `--timeout`
 * per request, `--deadline` for the run, the relay's token, OAuth). A line per step as it ends, a summary,
 * `--json` and `--junit` for CI. Exit 0 every step passed, 1 one did not (failed, refused, skipped), 2 a usage
 * error or a collection that does not read, 3 no connection, 4 the deadline passed.
 */
import { serverPatternProblem } from '../../../shared/server-pattern.ts';
import { failedAnswer, toolAnswer } from '../../../shared/collection/answers.ts';
import { readCollection } from '../../../shared/collection/read.ts';
import { unsetVariables } from '../../../shared/collection/placeholders.ts';
import { runCollection, type CollectionRunEffects } from '../../../shared/collection/run.ts';
import { placeholderText } from '../../../shared/collection/placeholders.ts';
import type { Tool } from '../../../shared/model.ts';
import { describeError, isRecord } from '../../../shared/read.ts';
import { checkDraft } from '../../../shared/resend.ts';
import { toolRisk } from '../../../shared/tool-hints.ts';
import { EXIT } from '../../command/exit-codes.ts';
import { UsageError, type OptionSpec } from '../../command/framework.ts';
import { writeJson, type HeadlessIo } from '../../command/headless-io.ts';
import { json, junit } from '../../command/options.ts';
import { terminalText } from '../../terminal-text.ts';
import { withConnectedRun, type HeadlessRun } from '../connection.ts';
import { REQUEST_OPTIONS, requestCommand, subjectAndUrl } from '../request/one-request.ts';
import { runJson, runJUnit, stepLines, summaryLine } from './test-report.ts';

/** `--vars <file>`: a JSON object of name → string, the run's `${var:…}` values. */
const vars: OptionSpec<string | undefined> = {
  flag: '--vars',
  value: '<file>',
  help: "a JSON file of name → value for the collection's ${var:…} placeholders (its defaults fill the rest)",
  initial: undefined,
  take(raw) {
    if (!raw?.trim()) throw new UsageError('--vars takes a JSON file of name → value.');
    return raw;
  },
};

const { format: _format, ...CONNECTION_OPTIONS } = REQUEST_OPTIONS;
const TEST_OPTIONS = {
  vars,
  json: json('the whole run as JSON: every step, what it sent and each check (- for stdout; the step lines then go to stderr)'),
  junit: junit('the run as JUnit XML, one testcase per step, for CI'),
  ...CONNECTION_OPTIONS,
};

export const runTest = requestCommand({
  word: 'test',
  operands: '<collection.json> <server URL>',
  about: `Runs a collection (docs/collections.md): each step's request, judged against what the file expects of it
(the outcome, checks by JSON Pointer, a snapshot, a time budget), as the app runs it. A step that calls a tool
the server does not list as read-only is refused unless the file marks it "changesThings": true. \${env:NAME}
comes from this environment, \${var:NAME} from --vars or the file's defaults. Any step that does not pass
exits 1.`,
  options: TEST_OPTIONS,
  async run({ values, positionals }, io) {
    const { subject: path, url } = subjectAndUrl(positionals, 'collection');
    const collection = await readCollectionFile(path, io);
    const runVars = values.vars === undefined ? {} : await readVars(values.vars, io);
    const unset = unsetVariables(collection, (name) => io.env[name], runVars);
    if (unset.length > 0) {
      const named = unset.map(
        (p) => `${placeholderText(p)} (${p.source === 'env' ? `set ${p.name} in the environment` : `give ${p.name} in --vars`})`,
      );
      throw new UsageError(`${path} needs ${named.join(', ')}; nothing was sent.`);
    }

    // With --json -, stdout is the document alone: the lines for a person go to stderr.
    const say = (line: string) => (values.json?.to === 'stdout' ? io.stderr : io.stdout)(terminalText(line));
    return withConnectedRun(url, values, io, async (run, server, warn) => {
      say(`connected: ${server.server.name} ${server.server.version}; running ${collection.name} (${collection.steps.length} steps)`);
      const tools = await listedTools(run);
      if (!tools.ok) {
        warn(`tools/list failed: ${tools.why}`);
        return run.deadline.passed ? EXIT.deadline : EXIT.failed;
      }
      const result = await runCollection(collection, stepEffects(run, tools.byName, io), {
        vars: runVars,
        signal: run.deadline.signal,
        onStep: (step) => stepLines(step).forEach(say),
      });
      const elapsedMs = io.clock.now() - run.started;
      say(summaryLine(result, elapsedMs));
      if (values.json) await writeJson(values.json, runJson(collection, server, result), io);
      if (values.junit) await io.writeFile(values.junit, runJUnit(collection, result, elapsedMs));
      if (run.deadline.passed) return EXIT.deadline;
      return result.pass ? EXIT.passed : EXIT.failed;
    });
  },
});

async function readCollectionFile(path: string, io: HeadlessIo) {
  if (!io.readFile) throw new UsageError('This mcp-lens cannot read files here.');
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    throw new UsageError(`Could not read ${path}: ${describeError(error)}`);
  }
  const read = readCollection(text, serverPatternProblem);
  if (!read.ok) throw new UsageError(`${path} is not a collection this MCP Lens can run:\n  ${read.problems.join('\n  ')}`);
  return read.collection;
}

async function readVars(path: string, io: HeadlessIo): Promise<Record<string, string>> {
  if (!io.readFile) throw new UsageError('This mcp-lens cannot read files here.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await io.readFile(path));
  } catch (error) {
    throw new UsageError(`--vars ${path}: ${describeError(error)}`);
  }
  if (!isRecord(parsed) || !Object.values(parsed).every((value) => typeof value === 'string'))
    throw new UsageError(`--vars ${path} must hold one JSON object of name → string, e.g. {"CITY": "Paris"}.`);
  return parsed as Record<string, string>;
}

/** Every tool the server lists (each "Load more" followed), for the consent rule. */
async function listedTools(run: HeadlessRun): Promise<{ ok: true; byName: Map<string, Tool> } | { ok: false; why: string }> {
  const byName = new Map<string, Tool>();
  let after: string | undefined;
  do {
    const listed = await run.attempt('listTools', after === undefined ? undefined : { after });
    if (!listed.ok) return { ok: false, why: run.why(listed, 'tools/list') };
    for (const tool of listed.value.tools) byName.set(tool.name, tool);
    after = listed.value.more && !listed.value.more.final ? listed.value.more.cursor : undefined;
  } while (after !== undefined);
  return { ok: true, byName };
}

/** The runner's effects on the CLI's run: a tool call as the CLI calls one, any other request as "Send again" sends it. */
function stepEffects(run: HeadlessRun, tools: ReadonlyMap<string, Tool>, io: HeadlessIo): CollectionRunEffects {
  let step = 0;
  return {
    async send(method, params) {
      step += 1;
      if (method === 'tools/call' && isRecord(params) && typeof params.name === 'string') {
        const args = isRecord(params.arguments) ? params.arguments : {};
        const called = await run.callTool(params.name, args, `step-${step}`);
        return called.ok ? toolAnswer(called.value) : { answer: failedAnswer(called.error, run.why(called, `tools/call ${params.name}`)) };
      }
      const checked = checkDraft({ method, ...(params && { params }) });
      if (!checked.ok) return { answer: { kind: 'failed', message: checked.problem } };
      const sent = await run.attempt('resendRequest', { draft: checked.draft, from: { seq: 0 }, edited: false });
      return { answer: sent.ok ? { kind: 'result', result: sent.value.result } : failedAnswer(sent.error, run.why(sent, method)) };
    },
    toolRisk: (name) => {
      const tool = tools.get(name);
      return tool && toolRisk(tool);
    },
    env: (name) => io.env[name],
    now: () => io.clock.now(),
  };
}
