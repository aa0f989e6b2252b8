import type { RegistroVerification } from '@jornada/shared/schemas/registro-integrity';

const KIND_NAMES = { fichaje: 'fichaje', correccion: 'corrección', clave: 'clave' } as const;

/** The command line's report: one line per company, the first broken link under it. */
export function formatRegistroVerification(result: RegistroVerification): string {
  const lines = [`Comprobación del registro de jornada (${result.checkedAt})`];
  if (result.companies.length === 0) lines.push('  No hay fichajes registrados.');
  for (const company of result.companies) {
    const name = company.companyName ?? `Empresa eliminada (${company.companyId})`;
    lines.push(`  ${company.ok ? 'CORRECTO' : 'ROTO    '} ${name}: ${company.entries} entradas${company.ok ? '' : `, ${company.problems} problema(s)`}`);
    // The head as stored: compare it with the one printed on the last documents held outside Jornada.
    if (company.head) lines.push(`           Cabecera: entrada ${company.head.seq}, hash ${company.head.hash}`);
    const first = company.firstBreak;
    if (first) {
      lines.push(`           Primer enlace roto: entrada ${first.seq ?? '(sin entrada)'}, ${KIND_NAMES[first.kind]} ${first.subjectId}${first.recordId && first.recordId !== first.subjectId ? ` (fichaje ${first.recordId})` : ''}`);
      lines.push(`           ${first.problem}`);
    }
  }
  lines.push(result.ok ? 'Resultado: la cadena de todas las empresas es íntegra.' : 'Resultado: se han encontrado enlaces rotos.');
  return lines.join('\n');
}
