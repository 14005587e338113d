import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { loadEnv } from '../env';
import { InvalidInputError } from '../errors';
import type { TaskAnswer, Tasks } from './tasks';

export interface ParserLimits {
  /** Workers reading files at once; more files wait their turn. */
  workers: number;
  /** A file still being read after this long is refused, and its worker replaced. */
  timeLimitMs: number;
  /** The heap a worker may grow to; a file that needs more is refused, and its worker replaced. */
  memoryMb: number;
}

type Input<K extends keyof Tasks> = Parameters<Tasks[K]>[0];
type Output<K extends keyof Tasks> = Awaited<ReturnType<Tasks[K]>>;

interface Job {
  task: keyof Tasks;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export const tooSlow = (seconds: number) =>
  `O arquivo levou mais de ${seconds} s para ser lido e foi recusado: envie-o em partes menores.`;
export const TOO_MUCH_MEMORY =
  'O arquivo precisaria de mais memória do que o limite para ser lido e foi recusado: envie-o em partes menores.';

/**
 * Reads the files users send in worker threads, off the thread that answers requests: one person's spreadsheet or
 * batch of notes never delays anyone else's request. Each file gets a time and a memory limit; a worker that passes
 * either is stopped and another takes its place. Workers start on the first file and stay for the next.
 */
export class ParserPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private starting = 0;
  private busy = 0;

  constructor(private readonly limits: ParserLimits) {}

  run<K extends keyof Tasks>(task: K, input: Input<K>): Promise<Output<K>> {
    return new Promise<Output<K>>((resolve, reject) => {
      this.queue.push({ task, input, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Stops every worker (the tests' servers, at their end). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    for (let worker = this.idle.pop(); worker; worker = this.idle.pop()) {
      const job = this.queue.shift();
      if (!job) {
        this.idle.push(worker);
        break;
      }
      this.start(worker, job);
    }
    while (this.queue.length > this.starting && this.idle.length + this.busy + this.starting < this.limits.workers)
      this.spawn();
  }

  private spawn(): void {
    this.starting += 1;
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: { entry: new URL('./tasks.ts', import.meta.url).href },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    // An idle worker keeps no process alive; a file being read is awaited by its request.
    worker.unref();
    const started = (message: unknown) => {
      if (message !== 'ready') return;
      worker.off('exit', failed);
      this.starting -= 1;
      this.idle.push(worker);
      this.dispatch();
    };
    const failed = (code: number) => {
      worker.off('message', started);
      this.starting -= 1;
      // Without a worker no file can be read: the waiting ones fail as faults of ours, not of the files.
      if (this.idle.length + this.busy + this.starting === 0) {
        for (const job of this.queue.splice(0))
          job.reject(new Error(`o leitor de arquivos parou ao iniciar (${code})`));
      }
    };
    worker.once('message', started);
    worker.once('exit', failed);
    // An idle worker that dies leaves the pool; the job a worker reads handles its own errors.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      const at = this.idle.indexOf(worker);
      if (at !== -1) this.idle.splice(at, 1);
    });
  }

  private start(worker: Worker, job: Job): void {
    this.busy += 1;
    const end = (keep: boolean) => {
      clearTimeout(timer);
      worker.off('message', answered);
      worker.off('error', crashed);
      worker.off('exit', exited);
      this.busy -= 1;
      if (keep) this.idle.push(worker);
      else void worker.terminate();
      this.dispatch();
    };
    const answered = (answer: TaskAnswer) => {
      end(true);
      if ('result' in answer) job.resolve(answer.result);
      else if ('refused' in answer) job.reject(new InvalidInputError(answer.refused));
      else job.reject(new Error(answer.failed));
    };
    const crashed = (error: Error & { code?: string }) => {
      end(false);
      job.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new InvalidInputError(TOO_MUCH_MEMORY) : error);
    };
    const exited = (code: number) => {
      end(false);
      job.reject(new Error(`o leitor de arquivos parou (${code})`));
    };
    const timer = setTimeout(() => {
      end(false);
      job.reject(new InvalidInputError(tooSlow(Math.ceil(this.limits.timeLimitMs / 1000))));
    }, this.limits.timeLimitMs);
    worker.once('message', answered);
    worker.once('error', crashed);
    worker.once('exit', exited);
    worker.postMessage({ task: job.task, input: job.input });
  }
}

let shared: ParserPool | undefined;

/** The server's pool, with the limits of its environment (UPLOAD_WORKERS, UPLOAD_TIME_LIMIT_SECONDS, UPLOAD_MEMORY_MB). */
export function parsers(): ParserPool {
  if (!shared) {
    const env = loadEnv();
    shared = new ParserPool({
      workers: env.UPLOAD_WORKERS ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
      timeLimitMs: env.UPLOAD_TIME_LIMIT_SECONDS * 1000,
      memoryMb: env.UPLOAD_MEMORY_MB,
    });
  }
  return shared;
}
