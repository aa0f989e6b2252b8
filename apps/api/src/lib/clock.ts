/** The server's notion of now, injectable so tests can move time (session expiry, event status). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function toIso(date: Date): string {
  return date.toISOString();
}
