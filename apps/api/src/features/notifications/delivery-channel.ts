import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface DeliveryChannel { channel: 'email' | 'push'; deliver(ctx: { db: Kysely<DB>; now: Date }, input: { notification: { id: string; companyId: string; userId: string; kind: string; title: string; body: string; link: string }; user: { id: string; email: string | null }; company: { id: string; name: string } }): Promise<'sent' | 'skipped'> }
