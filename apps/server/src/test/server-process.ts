import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClockStep } from '../clock';
import { UNLIMITED_RATES } from './rates';

export interface ServerProcess {
  /** Everything the process wrote to stdout and stderr so far. */
  log: string[];
  /** Moves the server's clock forward (it runs with NODE_ENV=test): "two minutes later" without waiting for them. */
  advanceClock(ms: number): Promise<void>;
  /** SIGTERM, as a service manager stops it; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL (`kill -9`): no shutdown at all, as a power cut or the OOM killer; resolves once it has exited. */
  crash(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * The real server (`main.ts`, as `npm start` runs it) in a child process with the given settings on top of this
 * process's environment (a setting given as undefined is removed from it); resolves once it says it is ready, rejects
 * if it exits or takes more than `timeoutMs`. The child has an IPC channel to this process, for its clock alone.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  timeoutMs = 300_000,
): Promise<ServerProcess> {
  const merged: Record<string, string | undefined> = { ...process.env, ...UNLIMITED_RATES, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const log: string[] = [];
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const stop = () => end('SIGTERM');
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`o servidor não ficou pronto:\n${log.join('')}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        log.push(chunk.toString());
        if (log.join('').includes('Financeiro pronto em')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`o servidor terminou (código ${code}):\n${log.join('')}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const advanceClock = (ms: number) =>
    new Promise<void>((resolve) => {
      const step: ClockStep = { advanceClockMs: ms };
      child.once('message', () => resolve());
      child.send(step);
    });
  return { log, advanceClock, stop, crash: () => end('SIGKILL') };
}
