import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Forwarded = (...args: unknown[]) => void;

/**
 * Fastify gives every request a child logger carrying its id (pino's `child()`: a new object and its
 * bindings serialized), although most requests never log through it: the access log writes its line
 * through the root logger with the id inline (plugins/request-log.ts), and only errors use
 * `request.log`. This stand-in makes the child on its first use, with the same bindings and options,
 * so every line written through it is exactly what the child would have written.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  #call(method: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent', args: unknown[]): void {
    (this.#logger[method] as Forwarded)(...args);
  }

  fatal(...args: unknown[]): void { this.#call('fatal', args); }
  error(...args: unknown[]): void { this.#call('error', args); }
  warn(...args: unknown[]): void { this.#call('warn', args); }
  info(...args: unknown[]): void { this.#call('info', args); }
  debug(...args: unknown[]): void { this.#call('debug', args); }
  trace(...args: unknown[]): void { this.#call('trace', args); }
  silent(...args: unknown[]): void { this.#call('silent', args); }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
