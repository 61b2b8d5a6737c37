import { spawn } from 'node:child_process';

/** The server as an operator runs it: `src/server/main.ts` in a process of its own, its log kept for checks. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return output.match(pattern)!;
  };
  return { child, exited, waitFor, output: () => output };
}

export type ServerProcess = ReturnType<typeof startServer>;

/** Starts a server on a free port and waits until it answers as ready; resolves with its address. */
export async function startReadyServer(env: Record<string, string>, ms = 60_000) {
  const server = startServer({ PORT: '0', ...env });
  const url = (await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, ms))[1]!;
  await server.waitFor(/"msg":"ready"/, ms);
  return { ...server, url, ws: url.replace(/^http/, 'ws'), pid: server.child.pid! };
}

export type ReadyServer = Awaited<ReturnType<typeof startReadyServer>>;
