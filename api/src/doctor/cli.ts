// `npm run doctor [-- --env-file FILE]`: checks this deployment's configuration and surroundings and
// says, one line per check, ok, warn or fail and what to do; exits 1 when any check fails. Run it as
// the server's user with the server's environment (the unit's EnvironmentFile: --env-file).
import { loadConfig } from '../config.ts';
import { anyFailed, fail, formatLine } from './report.ts';
import { runDoctor } from './run.ts';

const args = process.argv.slice(2);
const envFileAt = args.indexOf('--env-file');
if (envFileAt !== -1) {
  const file = args[envFileAt + 1];
  try {
    if (!file) throw new Error('--env-file needs a file name');
    process.loadEnvFile(file);
  } catch (err) {
    console.log(
      formatLine(fail('config', `cannot read ${file ?? 'the environment file'}: ${err instanceof Error ? err.message : String(err)}`)),
    );
    process.exit(1);
  }
}

let config;
try {
  config = loadConfig();
} catch (err) {
  console.log(
    formatLine(fail('config', `${err instanceof Error ? err.message : String(err)}: fix that variable and run the doctor again`)),
  );
  process.exit(1);
}

const results = await runDoctor(config);
for (const result of results) console.log(formatLine(result));
process.exit(anyFailed(results) ? 1 : 0);
