/**
 * `npm test`'s last part: the unit and integration tests (vitest) beside the browser tests (build, then
 * Playwright), not one after the other. The browser tests spend most of their time waiting on the page
 * (about half a core busy on average), so the two together take little more than the longer alone (CI
 * time, issue 35). The browser tests' lines stream as they come; vitest's report is kept and printed in
 * one piece when it ends, so the two do not interleave. Exits non-zero when either fails.
 */
import { spawn } from 'node:child_process';

interface Result {
  name: string;
  code: number;
  seconds: number;
}

function run(name: string, command: string, buffered: boolean): Promise<Result & { output: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const take = (chunk: Buffer) => {
      if (buffered) output += chunk.toString();
      else process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code, signal) =>
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: Math.round((Date.now() - started) / 1000),
        output,
      }),
    );
  });
}

const [unit, browser] = await Promise.all([
  run('unit and integration tests', 'npm run test:unit', true).then((r) => {
    process.stdout.write(`\n──── vitest (${r.seconds} s) ────\n${r.output}\n──── end of vitest ────\n`);
    return r;
  }),
  run('build and browser tests', 'npm run build && npm run test:e2e', false),
]);

for (const r of [unit, browser] as Result[])
  console.log(`${r.code === 0 ? 'passed' : 'FAILED'}: ${r.name} (${r.seconds} s)`);
process.exit(unit.code === 0 && browser.code === 0 ? 0 : 1);
