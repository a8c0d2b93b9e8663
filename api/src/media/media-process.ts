import { execFile, fork, type ChildProcess } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';
import type { Judged } from './judge.ts';

// The media process (issue 15 item 3; docs/decisions/0044): judging an upload (decode, rotate,
// EXIF, re-encode, hash) and encoding a library photo's variants run in one child process at the
// lowest CPU priority (media-child.ts), so neither the event loop nor the CPU the server's own
// threads need is taken from visitors while photos arrive. One child per server process, started
// on first use and again after it ends; it never keeps the server (or a test) alive when idle, and
// it ends after a minute without work (its decoders' memory goes with it).

/** Where the child finds the media store: the settings the server's own store is built from (library.ts mediaStoreOf). */
export type StoreSpec = Pick<Config, 'mediaRoot' | 's3'>;

export type MediaRequest =
  | { id: number; op: 'judge'; file: string; out: string; maxBytes: number }
  | { id: number; op: 'variants'; store: StoreSpec; path: string; ref: string };

export type MediaAnswer = { id: number; ok: true; judged?: Judged } | { id: number; ok: false; status?: number; message: string };

/** Every request is bounded: a judge within 2 minutes, a photo's variants within 10 (the job's lease). */
const JUDGE_MS = 2 * 60_000;
const VARIANTS_MS = 10 * 60_000;

/** An idle child ends after this. */
const IDLE_MS = 60_000;

/** Shown when the media process ended or stopped answering while it judged an upload. */
export const NOT_PROCESSED = 'This file could not be processed just now. Try again.';

/**
 * SCHED_IDLE gets no CPU at all while the machine is saturated: when an upload waits for the child
 * and the child's CPU time has not moved for this long, it runs as an ordinary process at nice 19
 * (a small share, never none) until no upload waits for it, then goes back to idle time. Variants
 * alone never raise it: nobody waits for them.
 */
const STARVED_MS = 1000;

interface Waiting {
  op: MediaRequest['op'];
  resolve(answer: MediaAnswer): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

interface Child {
  process: ChildProcess;
  waiting: Map<number, Waiting>;
  idle: NodeJS.Timeout | null;
  /** Started through chrt as SCHED_IDLE (Linux). */
  idlePolicy: boolean;
  /** Running as an ordinary process for a waiting upload. */
  raised: boolean;
  /** Policy changes, one after another. */
  policy: Promise<void>;
  /** Looks for starvation while an upload waits. */
  starvation: NodeJS.Timeout | null;
}

const CHILD_MODULE = fileURLToPath(new URL('./media-child.ts', import.meta.url));
let current: Child | null = null;
let nextId = 1;

/** The server's Node flags, minus those that must not apply twice (watching, inspecting, profiling). */
function childExecArgv(): string[] {
  return process.execArgv.filter((arg) => !/^--(watch|inspect|cpu-prof|heap-prof|prof)/.test(arg));
}

const CHRT = '/usr/bin/chrt';

/**
 * How the child is started. On Linux, through util-linux's chrt as SCHED_IDLE: the scheduler runs
 * it only on CPU time nothing else wants, and any thread of the server that wakes up (a visitor's
 * request) takes the CPU from it at once; a nice value alone still lets it finish its time slice
 * first. Elsewhere (no chrt), Node itself, and the child lowers its own nice value.
 */
function launcher(): { execPath: string; execArgv: string[] } {
  try {
    if (process.platform === 'linux') {
      accessSync(CHRT, constants.X_OK);
      return { execPath: CHRT, execArgv: ['--idle', '0', process.execPath, ...childExecArgv()] };
    }
  } catch {
    // No chrt here.
  }
  return { execPath: process.execPath, execArgv: childExecArgv() };
}

/** Sets the scheduling policy of every thread of the child: SCHED_IDLE, or SCHED_OTHER (its threads keep nice 19). */
function setPolicy(child: Child, raised: boolean): void {
  if (!child.idlePolicy || child.raised === raised) return;
  child.raised = raised;
  const pid = child.process.pid;
  if (pid === undefined) return;
  const args = ['--all-tasks', raised ? '--other' : '--idle', '--pid', '0', String(pid)];
  child.policy = child.policy.then(
    () =>
      new Promise<void>((resolve) => {
        // A child that has just ended cannot be changed: nothing to do then.
        execFile(CHRT, args, { timeout: 5000 }, () => resolve());
      }),
  );
}

/**
 * The fields of Linux's /proc/<pid>/stat from the third (the state) on: after the command name,
 * which may itself hold spaces and parentheses. Throws when the process is gone.
 */
export function procStatFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The CPU time the child has had (its threads' user and system clock ticks, fields 14 and 15), or null. */
function cpuTicks(child: Child): number | null {
  try {
    const fields = procStatFields(child.process.pid as number);
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

const uploadWaits = (child: Child) => [...child.waiting.values()].some((w) => w.op === 'judge');

/** While an upload waits: raised when the child's CPU time stands still for STARVED_MS. */
function watchStarvation(child: Child): void {
  if (!child.idlePolicy || child.starvation) return;
  let last = cpuTicks(child);
  child.starvation = setInterval(() => {
    const now = cpuTicks(child);
    if (now !== null && now === last) setPolicy(child, true);
    last = now;
  }, STARVED_MS);
  child.starvation.unref();
}

/** Back to idle time once no upload waits for the child. */
function lowerWhenServed(child: Child): void {
  if (uploadWaits(child)) return;
  if (child.starvation) clearInterval(child.starvation);
  child.starvation = null;
  setPolicy(child, false);
}

function forget(child: Child, id: number): Waiting | undefined {
  const waiting = child.waiting.get(id);
  if (!waiting) return undefined;
  clearTimeout(waiting.timer);
  child.waiting.delete(id);
  return waiting;
}

/** While nothing waits for the child, it does not keep this process alive, and ends after IDLE_MS. */
function holdOpen(child: Child): void {
  if (child.idle) clearTimeout(child.idle);
  child.idle = null;
  if (child.waiting.size > 0) {
    child.process.ref();
    child.process.channel?.ref();
  } else {
    child.process.unref();
    child.process.channel?.unref();
    child.idle = setTimeout(() => {
      if (current === child) current = null;
      // The child exits when its channel closes (media-child.ts).
      if (child.process.connected) child.process.disconnect();
    }, IDLE_MS);
    child.idle.unref();
  }
}

function started(): Child {
  if (current?.process.connected) return current;
  const how = launcher();
  const child: Child = {
    // fork() runs `execPath ...execArgv module`, so chrt starts Node with the IPC channel in place.
    process: fork(CHILD_MODULE, [], { ...how, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    waiting: new Map(),
    idle: null,
    idlePolicy: how.execPath === CHRT,
    raised: false,
    policy: Promise.resolve(),
    starvation: null,
  };
  const ended = (why: string) => {
    if (current === child) current = null;
    if (child.idle) clearTimeout(child.idle);
    if (child.starvation) clearInterval(child.starvation);
    // Deleting the entry being visited is safe in a Map iteration.
    for (const id of child.waiting.keys()) forget(child, id)?.reject(new Error(`The media process ${why}.`));
  };
  child.process.on('message', (answer: MediaAnswer) => {
    const waiting = forget(child, answer.id);
    if (!waiting) return;
    lowerWhenServed(child);
    holdOpen(child);
    waiting.resolve(answer);
  });
  child.process.on('exit', (code, signal) => ended(`ended (${signal ?? `exit code ${code}`})`));
  child.process.on('error', (err) => {
    ended(`failed: ${err.message}`);
    child.process.kill('SIGKILL');
  });
  current = child;
  holdOpen(child);
  return child;
}

/** The media process as it is now (tests): its pid, how many requests wait for it, whether it runs as an ordinary process. */
export function mediaProcessState(): { pid: number | null; waiting: number; raised: boolean } {
  return { pid: current?.process.pid ?? null, waiting: current?.waiting.size ?? 0, raised: current?.raised ?? false };
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<MediaRequest>;

function ask(request: Request, timeoutMs: number): Promise<MediaAnswer> {
  const child = started();
  const id = nextId++;
  return new Promise<MediaAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A decode that hangs cannot be cancelled: the child goes (its other requests fail and are retried).
      forget(child, id);
      reject(new Error(`The media process did not answer within ${timeoutMs / 1000} s.`));
      child.process.kill('SIGKILL');
    }, timeoutMs);
    child.waiting.set(id, { op: request.op, resolve, reject, timer });
    if (request.op === 'judge') watchStarvation(child);
    holdOpen(child);
    child.process.send({ ...request, id } satisfies MediaRequest, (err) => {
      if (!err) return;
      forget(child, id);
      lowerWhenServed(child);
      holdOpen(child);
      reject(err);
    });
  });
}

/**
 * Judges a finished upload in the media process (media/judge.ts): what to store, or the 4xx
 * HttpError it deserves. A photo's processed bytes are written to `out`.
 */
export async function judgeInMediaProcess(file: string, out: string, maxBytes: number): Promise<Judged> {
  let answer: MediaAnswer;
  try {
    answer = await ask({ op: 'judge', file, out, maxBytes }, JUDGE_MS);
  } catch {
    throw new HttpError(503, NOT_PROCESSED);
  }
  if (!answer.ok) {
    if (answer.status !== undefined) throw new HttpError(answer.status, answer.message);
    throw new Error(`Judging an upload failed in the media process: ${answer.message}`);
  }
  if (!answer.judged) throw new Error('The media process answered a judge without its result.');
  return answer.judged;
}

/** Makes every variant of the library photo at `path` in the media store, in the media process. */
export async function variantsInMediaProcess(config: Config, path: string, ref: string): Promise<void> {
  const store: StoreSpec = { mediaRoot: config.mediaRoot, ...(config.s3 ? { s3: config.s3 } : {}) };
  const answer = await ask({ op: 'variants', store, path, ref }, VARIANTS_MS);
  if (!answer.ok) throw new Error(answer.message);
}
