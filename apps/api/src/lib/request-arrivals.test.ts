import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { countRequestArrivals, recentArrivals } from './request-arrivals';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('request arrivals per turn of the event loop', () => {
  it('counts the requests of this turn and remembers the last busy one', async () => {
    const server = new EventEmitter();
    countRequestArrivals(server as Server);
    await nextTurn();
    await nextTurn();
    expect(recentArrivals()).toBeLessThanOrEqual(1);

    server.emit('request');
    expect(recentArrivals()).toBeGreaterThanOrEqual(1);
    server.emit('request');
    server.emit('request');
    expect(recentArrivals()).toBe(3);
    // The next turn still counts as busy: its own requests are yet to be read.
    await nextTurn();
    expect(recentArrivals()).toBe(3);

    // A quiet turn with one request: alone again once that turn has ended.
    server.emit('request');
    await nextTurn();
    expect(recentArrivals()).toBe(1);
  });
});
