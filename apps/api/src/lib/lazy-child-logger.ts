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

  fatal(...args: unknown[]): void {
    (this.#logger.fatal as Forwarded)(...args);
  }

  error(...args: unknown[]): void {
    (this.#logger.error as Forwarded)(...args);
  }

  warn(...args: unknown[]): void {
    (this.#logger.warn as Forwarded)(...args);
  }

  info(...args: unknown[]): void {
    (this.#logger.info as Forwarded)(...args);
  }

  debug(...args: unknown[]): void {
    (this.#logger.debug as Forwarded)(...args);
  }

  trace(...args: unknown[]): void {
    (this.#logger.trace as Forwarded)(...args);
  }

  silent(...args: unknown[]): void {
    (this.#logger.silent as Forwarded)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
