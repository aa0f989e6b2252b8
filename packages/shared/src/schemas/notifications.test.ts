import { describe, expect, it } from 'vitest';
import { notificationKinds } from './notifications';

describe('notificationKinds', () => {
  // A kind listed twice shows twice in 'Mi Cuenta → Notificaciones' and its preferences clash.
  it('lists each kind once', () => {
    expect(new Set(notificationKinds).size).toBe(notificationKinds.length);
  });
});
