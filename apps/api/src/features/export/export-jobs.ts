import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { monthlyExportChunks, type ExportJob } from './export-document';

/*
 * Monthly exports on SQLite are built in a worker thread with its own read-only connection to the
 * file (docs/decisions/026): a 500-employee month is ~100 ms of reading and serializing, and on the
 * serving thread every clock-in that arrived meanwhile waited for the piece being built. The serving
 * thread only relays the pieces to the download. One piece crosses per request from the reader, so
 * a slow download never makes the worker build ahead of it.
 */

/** Pieces the worker may build ahead of the download: it keeps both threads busy, and bounds memory. */
export const PIECES_AHEAD = 8;

/** serving thread → worker: start a job, allow `credit` more pieces, or stop early. */
type JobRequest = { id: number; job: ExportJob; credit: number } | { id: number; credit: number } | { id: number; cancel: true };
/** worker → serving thread: a piece (UTF-8, its buffer transferred), the end, or why it failed. */
type JobReply = { id: number; piece: Uint8Array } | { id: number; done: true } | { id: number; error: string };

/** What both sides need of a MessagePort or a worker's parentPort / Worker. */
export interface JobPort {
  postMessage(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  // Overloaded on MessagePort and Worker; the string form is the one both accept.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the ports' own listener type
  on(event: string, listener: (message: any) => void): unknown;
}

interface RunningJob {
  pieces: AsyncGenerator<string>;
  credit: number;
  busy: boolean;
}

/** The worker's side: builds each job's pieces through `db`, at most `credit` ahead of the reader. */
export function serveExportJobs(port: JobPort, db: Kysely<DB>): { activeJobs: () => number } {
  const jobs = new Map<number, RunningJob>();
  const encoder = new TextEncoder();
  const pump = async (id: number, job: RunningJob) => {
    if (job.busy) return;
    job.busy = true;
    try {
      while (job.credit > 0 && jobs.get(id) === job) {
        const next = await job.pieces.next();
        if (next.done) {
          jobs.delete(id);
          port.postMessage({ id, done: true } satisfies JobReply);
          return;
        }
        job.credit -= 1;
        // Encoded here, and its memory handed over rather than copied: the serving thread writes it as it is.
        const piece = encoder.encode(next.value);
        port.postMessage({ id, piece } satisfies JobReply, [piece.buffer as ArrayBuffer]);
      }
    } catch (error) {
      jobs.delete(id);
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies JobReply);
    } finally {
      job.busy = false;
    }
  };
  port.on('message', (request: JobRequest) => {
    if ('cancel' in request) {
      const job = jobs.get(request.id);
      jobs.delete(request.id);
      void job?.pieces.return(undefined);
      return;
    }
    let job = jobs.get(request.id);
    if ('job' in request) {
      job = { pieces: monthlyExportChunks(db, request.job), credit: 0, busy: false };
      jobs.set(request.id, job);
    }
    if (!job) return;
    job.credit += request.credit;
    void pump(request.id, job);
  });
  return { activeJobs: () => jobs.size };
}

export interface ExportWorker {
  /** The job's document in pieces, in order, built by the worker a few pieces ahead of the reader. */
  chunks(job: ExportJob): AsyncIterable<Buffer>;
  close(): Promise<void>;
}

/** The serving thread's side of a job port. */
export function exportJobsClient(port: JobPort): Pick<ExportWorker, 'chunks'> & { fail(error: Error): void } {
  let sequence = 0;
  /** Per job: replies not yet read, and the reader waiting for the next one. */
  const inboxes = new Map<number, { replies: JobReply[]; wake?: () => void; failure?: Error }>();
  port.on('message', (reply: JobReply) => {
    const inbox = inboxes.get(reply.id);
    if (!inbox) return;
    inbox.replies.push(reply);
    inbox.wake?.();
  });
  return {
    async *chunks(job) {
      const id = ++sequence;
      const inbox: { replies: JobReply[]; wake?: () => void; failure?: Error } = { replies: [] };
      inboxes.set(id, inbox);
      let finished = false;
      try {
        port.postMessage({ id, job, credit: PIECES_AHEAD } satisfies JobRequest);
        for (;;) {
          while (inbox.replies.length === 0 && !inbox.failure) await new Promise<void>((resolve) => (inbox.wake = resolve));
          if (inbox.failure) throw inbox.failure;
          const reply = inbox.replies.shift()!;
          if ('error' in reply) throw new Error(`export failed: ${reply.error}`);
          if ('done' in reply) break;
          yield Buffer.from(reply.piece.buffer, reply.piece.byteOffset, reply.piece.byteLength);
          port.postMessage({ id, credit: 1 } satisfies JobRequest);
        }
        finished = true;
      } finally {
        inboxes.delete(id);
        // The download stopped early (the client went away): the worker drops the job.
        if (!finished) port.postMessage({ id, cancel: true } satisfies JobRequest);
      }
    },
    fail(error) {
      for (const inbox of inboxes.values()) {
        inbox.failure = error;
        inbox.wake?.();
      }
    },
  };
}

/**
 * The export worker of the server bundle (`export-worker.js` beside `server.js`), started with the
 * server (a first export does not wait for it) and again on the next export after a failure; an
 * export in progress when it fails ends with an error.
 */
export function startExportWorker(script: string, databasePath: string): ExportWorker {
  let current: { worker: Worker; client: ReturnType<typeof exportJobsClient> } | undefined;
  const running = () => {
    if (current) return current;
    const worker = new Worker(script, { workerData: { databasePath } });
    const client = exportJobsClient(worker);
    const started = { worker, client };
    const stop = (error: Error) => {
      if (current === started) current = undefined;
      client.fail(error);
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`the export worker exited (${code})`)));
    // An idle worker does not keep the process alive.
    worker.unref();
    current = started;
    return started;
  };
  running();
  return {
    chunks: (job) => running().client.chunks(job),
    async close() {
      const worker = current?.worker;
      current = undefined;
      await worker?.terminate();
    },
  };
}
