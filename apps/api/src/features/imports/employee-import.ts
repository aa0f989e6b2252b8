import type { Kysely } from 'kysely';
import { z } from 'zod';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { employeeImportColumns, isValidDni, normalizeDni, normalizeHeader, splitList } from '@jornada/shared/schemas/imports';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import { newId } from '../../lib/ids';
import { INVITATION_PENDING_HASH } from '../../lib/passwords';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { sendInvitation } from '../account-tokens/account-tokens.service';
import { insertQualification } from '../qualifications/qualifications.service';
import { insertUser, replaceUserCategories } from '../users/users.service';
import { mapRows, repeatedLines, resolveCompanies, type CheckedRow } from './import-rows';
import { findCompanyDnis, findCompanyEmails, findTakenUsernames, listCompanyCategories, listQualificationTypes } from './imports.repository';
import type { Table } from './read-table';

type Key = (typeof employeeImportColumns)[number]['key'];

/** A row that passed every check, ready to write. */
interface PlannedEmployee {
  line: number;
  name: string;
  username: string;
  email: string;
  dni: string | null;
  tip: string | null;
  company: { id: string; name: string };
  categoryIds: string[];
  tipTypeId: string | null;
}

const lineList = (lines: readonly number[]) => lines.join(', ');
const isEmail = (value: string) => z.email().safeParse(value).success;

/** The company's TIP type: the one called 'TIP' or whose name starts with 'TIP ' ('TIP de vigilante de seguridad'). */
function tipTypeOf(types: readonly { id: string; name: string }[]): string | undefined {
  return types.find((type) => normalizeHeader(type.name) === 'tip' || /^tip\s/i.test(type.name.trim()))?.id;
}

/**
 * Every problem of every row, in Spanish, reading the database once per question. The same function
 * judges the preview and, again, the import itself: the preview is never trusted.
 */
export async function checkEmployees(db: Kysely<DB>, actor: Actor, table: Table): Promise<{ rows: CheckedRow<Key>[]; fileProblems: string[]; planned: PlannedEmployee[] }> {
  const { rows, fileProblems } = mapRows(table, employeeImportColumns);
  if (fileProblems.length > 0) return { rows, fileProblems, planned: [] };
  const companies = await resolveCompanies(db, actor, rows, (row) => row.values.company);

  const usernames = rows.map((row) => row.values.username).filter((username) => username !== '');
  const taken = await findTakenUsernames(db, usernames);
  const repeatedUsernames = repeatedLines(rows, (row) => row.values.username);
  const repeatedEmails = repeatedLines(rows, (row) => row.values.email.toLowerCase());
  const repeatedDnis = repeatedLines(rows, (row) => (row.values.dni ? `${companies.get(row)?.id}/${normalizeDni(row.values.dni)}` : undefined));

  // Per company: what exists there (most files are one company's).
  const facts = new Map<string, { emails: Set<string>; dnis: Set<string>; categories: { id: string; name: string }[]; tipTypeId: string | undefined }>();
  for (const company of new Set(companies.values())) {
    if (facts.has(company.id)) continue;
    const mine = rows.filter((row) => companies.get(row)?.id === company.id);
    facts.set(company.id, {
      emails: await findCompanyEmails(db, company.id, mine.map((row) => row.values.email).filter(isEmail)),
      dnis: await findCompanyDnis(db, company.id, mine.map((row) => normalizeDni(row.values.dni)).filter((dni) => dni !== '')),
      categories: await listCompanyCategories(db, company.id),
      tipTypeId: tipTypeOf(await listQualificationTypes(db, company.id)),
    });
  }

  const planned: PlannedEmployee[] = [];
  for (const row of rows) {
    const { name, username, email } = row.values;
    const problems = row.problems;
    if (name === '') problems.push('Falta el nombre.');
    else if (name.length > 200) problems.push('El nombre es demasiado largo (como mucho 200 caracteres).');

    if (username === '') problems.push('Falta el nombre de usuario.');
    else if (username.length > 100) problems.push('El nombre de usuario es demasiado largo (como mucho 100 caracteres).');
    else if (/\s/.test(username)) problems.push(`El nombre de usuario «${username}» no puede tener espacios.`);
    else if (repeatedUsernames.has(username)) problems.push(`El usuario «${username}» está repetido en el archivo (filas ${lineList(repeatedUsernames.get(username)!)}).`);
    else if (taken.has(username)) problems.push(`El nombre de usuario «${username}» ya existe.`);

    const company = companies.get(row);
    const known = company && facts.get(company.id);
    if (email === '') problems.push('Falta el correo electrónico: hace falta para enviar la invitación.');
    else if (email.length > 200 || !isEmail(email)) problems.push(`El correo electrónico «${email}» no es válido.`);
    else if (repeatedEmails.has(email.toLowerCase())) problems.push(`El correo «${email}» está repetido en el archivo (filas ${lineList(repeatedEmails.get(email.toLowerCase())!)}).`);
    else if (known?.emails.has(email.toLowerCase())) problems.push(`Ya hay una persona con el correo «${email}» en la empresa.`);

    const categoryIds: string[] = [];
    for (const categoryName of splitList(row.values.categories)) {
      const category = known?.categories.find((candidate) => candidate.name.localeCompare(categoryName, 'es', { sensitivity: 'base' }) === 0);
      if (category) categoryIds.push(category.id);
      else if (known) problems.push(`La categoría «${categoryName}» no existe en la empresa.`);
    }

    const dni = row.values.dni === '' ? null : normalizeDni(row.values.dni);
    if (dni !== null) {
      if (!/^([XYZ]\d{7}|\d{8})[A-Z]$/.test(dni)) problems.push(`El DNI «${row.values.dni}» no es válido: deben ser 8 cifras y una letra (o un NIE: X, Y o Z, 7 cifras y una letra).`);
      else if (!isValidDni(dni)) problems.push(`La letra del DNI «${row.values.dni}» no es correcta.`);
      else if (company && repeatedDnis.has(`${company.id}/${dni}`)) problems.push(`El DNI «${dni}» está repetido en el archivo (filas ${lineList(repeatedDnis.get(`${company.id}/${dni}`)!)}).`);
      else if (known?.dnis.has(dni)) problems.push(`Ya hay una persona con el DNI «${dni}» en la empresa.`);
    }

    const tip = row.values.tip === '' ? null : row.values.tip;
    if (tip !== null && tip.length > 100) problems.push('El número TIP es demasiado largo (como mucho 100 caracteres).');
    else if (tip !== null && known && known.tipTypeId === undefined) problems.push('La empresa no tiene el tipo de titulación «TIP»: créalo antes en Titulaciones.');

    if (problems.length === 0 && company && known) {
      planned.push({ line: row.line, name, username, email, dni, tip, company, categoryIds: [...new Set(categoryIds)], tipTypeId: tip === null ? null : known.tipTypeId! });
    }
  }
  return { rows, fileProblems, planned };
}

/** Writes the people, their categories, DNI and TIP, and their invitations, inside the caller's transaction. */
export async function writeEmployees(trx: Kysely<DB>, deps: { publicUrl: string }, actor: Actor, now: Date, planned: readonly PlannedEmployee[]): Promise<void> {
  const at = now.toISOString();
  for (const person of planned) {
    const id = newId('user');
    // No password signs in until the person opens the mailed link (INVITATION_PENDING_HASH, decision 039).
    await insertUser(trx, { id, name: person.name, username: person.username, email: person.email, roleId: defaultRoleIds.Empleado, companyId: person.company.id, dni: person.dni, passwordHash: INVITATION_PENDING_HASH, at: now });
    await replaceUserCategories(trx, id, person.categoryIds);
    if (person.tip !== null && person.tipTypeId !== null) {
      await insertQualification(trx, { id: newId('qual'), company_id: person.company.id, user_id: id, type_id: person.tipTypeId, number: person.tip, issued_on: null, expires_on: null, file_id: null, created_at: at, updated_at: at });
    }
    await sendInvitation(trx, deps, now, { id, name: person.name, username: person.username, email: person.email, companyId: person.company.id, companyName: person.company.name });
    await appendActorAction(trx, actor, now, { companyId: person.company.id, kind: 'user.import', message: `${actor.name} ha importado a «${person.name}» y le ha enviado una invitación por correo` });
  }
}
