import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/**
 * METRICS_PORT (docs/decisions/048): a second listener, by default on 127.0.0.1, that serves only
 * GET /metrics and needs no token: what a Prometheus agent on the same machine or network scrapes.
 * It is separate from the app's port, so a proxy that publishes the app never publishes it.
 */
export function startMetricsListener(registry: Registry, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Solo /metrics.\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('No se pudieron leer las métricas.\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
