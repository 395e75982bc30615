import { useState } from 'react';

/** Hands text to the browser as a .csv download (a temporary object URL on a clicked link). */
export function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** An "Export CSV" button's state: fetches the file fresh from the server, downloads it, and keeps the error to show. */
export function useCsvExport(fetchCsv: () => Promise<{ filename: string; csv: string }>) {
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const { filename, csv } = await fetchCsv();
      download(filename, csv);
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportError, exportCsv };
}
