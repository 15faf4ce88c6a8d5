// Admin CLI entry (`npm run cli -- <command>`): answers --help at once, then
// loads the commands (src/cli/run.ts), which open the database.
import { parseArgs } from 'node:util';
import { commandOf, help, options, usage } from './cli/help.js';

/** The help asked for, if any: `--help`/`-h` (of a command, or in general) or `help [command]`. */
function helpAsked(): string | undefined {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ allowPositionals: true, options, strict: false });
  } catch {
    return undefined;
  }
  const { values, positionals } = parsed;
  if (positionals[0] === 'help') return help[positionals.slice(1, 3).join(' ')] ?? usage;
  if (values.help) return help[commandOf(positionals)] ?? usage;
  return undefined;
}

const text = helpAsked();
if (text) console.log(text);
else await import('./cli/run.js');
