import { exportFileName, type MonthlyExport } from '@jornada/shared/schemas/export';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /export?month=yyyy-MM: the company's monthly report, built on the server. */
export function getMonthlyExport(month: string): Promise<MonthlyExport> {
  return api.get<MonthlyExport>(`/export?${new URLSearchParams({ month })}`);
}

/** Saves the report as a JSON file named as the server names it ('<empresa>_<yyyy_MM>.json'). */
function saveAsFile(report: MonthlyExport): string {
  const fileName = exportFileName(report.company.name, report.month);
  const blob = new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}

/** Generates the report and downloads it; resolves to the file name. Failures show as the client's toast. */
export function useDownloadMonthlyExport() {
  return useMutation({ mutationFn: async (month: string) => saveAsFile(await getMonthlyExport(month)) });
}
