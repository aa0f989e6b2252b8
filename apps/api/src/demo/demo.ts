import type { Kysely } from 'kysely';
import { defaultRoleIds, type RoleName } from '@jornada/shared/permissions';
import type { DB } from '../db/schema';
import { insertCompanyWithDefaults } from '../features/companies/companies.repository';
import { appendAction } from '../ledgers/action-log/action-log';
import { generatePassword, hashPassword } from '../lib/passwords';
import { newId } from '../lib/ids';
import { seedDemoEvents } from './demo-events';
import { seedDemoTimeRecords } from './demo-time-records';
import { seedDemoPayments } from './demo-payments';
import { seedDemoVacations } from './demo-vacations';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoMaterial } from './demo-material';
import { seedDemoCorrections } from './demo-corrections';
import { seedDemoAccessLinks } from './demo-access-link';
import { seedDemoRegistro, seedDemoRegistroHistory } from './demo-registro';

export const DEMO_COMPANY_NAME = 'Seguridad Demo S.L.';

export interface DemoCredential {
  name: string;
  role: RoleName;
  username: string;
  password: string;
}

const demoPeople: { name: string; username: string; role: RoleName; email: string; categories: string[] }[] = [
  { name: 'Marta Supervisora', username: 'demo.supervisora', role: 'Supervisor', email: 'marta@demo.jornada.es', categories: ['cat-vigilante'] },
  { name: 'Juan Pérez', username: 'demo.juan', role: 'Empleado', email: 'juan@demo.jornada.es', categories: ['cat-vigilante'] },
  { name: 'Lucía García', username: 'demo.lucia', role: 'Empleado', email: 'lucia@demo.jornada.es', categories: ['cat-auxiliar'] },
  { name: 'Carlos Ruiz', username: 'demo.carlos', role: 'Empleado', email: 'carlos@demo.jornada.es', categories: ['cat-vigilante', 'cat-proteccion-civil'] },
];

/** Required documents for the seed categories, so Mis Documentos has something to ask for. */
const demoRequiredDocuments = [
  { id: 'doc-dni', category_id: 'cat-vigilante', name: 'DNI', type: 'foto' as const, position: 0 },
  { id: 'doc-tip', category_id: 'cat-vigilante', name: 'Número TIP', type: 'escrito' as const, position: 1 },
  { id: 'doc-dni-aux', category_id: 'cat-auxiliar', name: 'DNI', type: 'foto' as const, position: 0 },
  { id: 'doc-formacion', category_id: 'cat-proteccion-civil', name: 'Certificado de formación', type: 'escrito' as const, position: 0 },
];

/**
 * The demo company with a supervisor and employees, each with a generated password. Returns
 * undefined when the demo company already exists (the demo never duplicates itself).
 */
/** The generated passwords and, like them shown only once, the path of the demo inspection link. */
export type DemoSeed = DemoCredential[] & { accessLinkPath?: string };

export async function seedDemo(db: Kysely<DB>, now: Date): Promise<DemoSeed | undefined> {
  const existing = await db.selectFrom('companies').select('id').where('name', '=', DEMO_COMPANY_NAME).executeTakeFirst();
  if (existing) return undefined;
  const credentials = await Promise.all(
    demoPeople.map(async (person) => {
      const password = generatePassword();
      return { person, password, hash: await hashPassword(password) };
    }),
  );
  const companyId = newId('comp');
  const at = now.toISOString();
  let accessToken = '';
  await db.transaction().execute(async (trx) => {
    await insertCompanyWithDefaults(trx, { id: companyId, name: DEMO_COMPANY_NAME, createdAt: now });
    const categoryIds = ['cat-vigilante', 'cat-auxiliar', 'cat-proteccion-civil'];
    const presentCategories = await trx.selectFrom('categories').select('id').where('id', 'in', categoryIds).execute();
    const present = new Set(presentCategories.map((row) => row.id));
    if (present.size > 0) {
      await trx.insertInto('company_categories').values([...present].map((id) => ({ company_id: companyId, category_id: id }))).execute();
    }
    const documents = demoRequiredDocuments.filter((doc) => present.has(doc.category_id));
    const existingDocs = await trx.selectFrom('category_documents').select('id').execute();
    const existingDocIds = new Set(existingDocs.map((row) => row.id));
    const newDocuments = documents.filter((doc) => !existingDocIds.has(doc.id));
    if (newDocuments.length > 0) await trx.insertInto('category_documents').values(newDocuments).execute();
    for (const { person, hash } of credentials) {
      const userId = newId('user');
      await trx
        .insertInto('users')
        .values({
          id: userId,
          name: person.name,
          username: person.username,
          password_hash: hash,
          role_id: defaultRoleIds[person.role],
          company_id: companyId,
          email: person.email,
          is_disabled: 0,
          is_deleted: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const userCategories = person.categories.filter((id) => present.has(id));
      if (userCategories.length > 0) {
        await trx.insertInto('user_categories').values(userCategories.map((categoryId) => ({ user_id: userId, category_id: categoryId }))).execute();
      }
    }
    await appendAction(trx, { actorId: null, actorName: 'Sistema', companyId, kind: 'company.create', message: `Sistema ha creado la empresa «${DEMO_COMPANY_NAME}» (datos de demostración)`, at: now });
    await seedDemoEvents(trx, companyId, now);
    await seedDemoTimeRecords(trx, companyId, now);
    await seedDemoVacations(trx, companyId, now);
    await seedDemoDocuments(trx, companyId, now);
    await seedDemoMaterial(trx, companyId, now);
    await seedDemoRegistroHistory(trx, companyId, now);
    // Last: corrections change demo records, then every demo record is sealed in the registro chain.
    await seedDemoCorrections(trx, companyId, now);
    // After the corrections: the signed month's hash covers the corrected records.
    await seedDemoRegistro(trx, companyId, now);
    // After every step that adds or changes records: a paid month holds what its records say.
    await seedDemoPayments(trx, companyId, now);
    accessToken = await seedDemoAccessLinks(trx, companyId, now);
  });
  const people = credentials.map(({ person, password }) => ({ name: person.name, role: person.role, username: person.username, password }));
  return Object.assign(people, { accessLinkPath: `/acceso/${accessToken}` });
}

/** `publicUrl`: where people reach the server (config.publicUrl: PUBLIC_URL, else localhost at PORT). */
export function printDemoCredentials(credentials: DemoSeed, publicUrl: string): void {
  console.log(`\n  Datos de demostración creados en «${DEMO_COMPANY_NAME}». Credenciales (se muestran solo ahora):`);
  for (const credential of credentials) {
    console.log(`    ${credential.role.padEnd(10)} ${credential.name.padEnd(20)} usuario: ${credential.username.padEnd(18)} contraseña: ${credential.password}`);
  }
  if (credentials.accessLinkPath) console.log(`    Enlace de acceso de Inspección (solo lectura, 30 días): ${publicUrl}${credentials.accessLinkPath}`);
  console.log('');
}
