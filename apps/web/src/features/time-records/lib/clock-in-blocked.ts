/**
 * A clock-in or clock-out that stopped in the browser, before any request: a permission or the
 * location failed. It carries the spec's toast (section 8) and means nothing was stored.
 */
export class ClockInBlocked extends Error {
  constructor(
    readonly title: string,
    readonly description?: string,
  ) {
    super(description ?? title);
    this.name = 'ClockInBlocked';
  }
}
