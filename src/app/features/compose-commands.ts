/**
 * One connection's commands are a record of groups, one key per feature folder (`commands.tools.runTool`), so
 * two features cannot clash. A folder with more than one group of its own (the Playground and its sampling
 * answers) joins them here: spreading them would let a name both share silently keep the last;
 * `composeCommands` refuses that at compile time, naming the clash.
 */

/** The names that appear in more than one of `groups`. */
type Clashes<Groups extends readonly object[], Seen extends PropertyKey = never> = Groups extends readonly [
  infer Head extends object,
  ...infer Rest extends readonly object[],
]
  ? (keyof Head & Seen) | Clashes<Rest, Seen | keyof Head>
  : never;

type Merged<Groups extends readonly object[]> = Groups extends readonly [infer Head, ...infer Rest extends readonly object[]]
  ? Head & Merged<Rest>
  : unknown;

/** Spelled out as one object type, so an editor shows the commands rather than an intersection. */
type Flat<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Each group as it is, except that a name another group also has must be this message, which no command
 * is: the compiler's error then points at the clashing name and says so.
 */
type NoClashes<Groups extends readonly object[]> = {
  [I in keyof Groups]: {
    [K in keyof Groups[I]]: K extends Clashes<Groups> ? `"${K & string}" is a command of another group too` : Groups[I][K];
  };
};

/** The groups' commands as one object; a name in two groups fails to compile. */
export function composeCommands<Groups extends readonly object[]>(...groups: Groups & NoClashes<Groups>): Flat<Merged<Groups>> {
  return Object.assign({}, ...groups) as Flat<Merged<Groups>>;
}
