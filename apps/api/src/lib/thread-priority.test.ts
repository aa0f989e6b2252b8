import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from './thread-priority';

/** The nice value of one of this process's threads, from /proc (field 19 of its stat line). */
function niceOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const linux = process.platform === 'linux';

describe('lowerThisThreadPriority', () => {
  it.runIf(linux)('lowers only the calling thread, not the process', async () => {
    const mainNice = niceOf(process.pid);
    // A worker thread runs the helper on itself, as export-worker.ts does.
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      require('tsx/cjs');
      const { lowerThisThreadPriority } = require(workerData.module);
      parentPort.postMessage(lowerThisThreadPriority() ?? null);
      setTimeout(() => {}, 2000);
    `;
    const worker = new Worker(source, { eval: true, workerData: { module: new URL('./thread-priority.ts', import.meta.url).pathname } });
    try {
      const tid = await new Promise<number | null>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(tid).toBeGreaterThan(0);
      expect(niceOf(tid!)).toBe(Math.max(BACKGROUND_NICE, mainNice));
      expect(niceOf(process.pid)).toBe(mainNice);
    } finally {
      await worker.terminate();
    }
  });
});
