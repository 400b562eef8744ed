import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../app/notificationsSlice';
import { useAppDispatch } from '../app/store';
import { download } from '@guichet/shared/export/download';
import { exportFormatsFor, exportTable, extensionOf, type ExportFormat, type ExportTable } from '@guichet/shared/export/index';

interface ExportMenuProps {
  /** Builds the table to export (it may fetch every row of the search). */
  load: () => Promise<ExportTable>;
  /** File name without extension. */
  fileName: string;
}

/** Export buttons for a result table, with progress while the file is prepared, and a Print button. */
export function ExportMenu({ load, fileName }: ExportMenuProps) {
  const { t, i18n } = useTranslation('common');
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const blob = await exportTable(await load(), format);
      download(blob, `${fileName}.${extensionOf(format)}`);
    } catch {
      dispatch(notify('error', 'notifications.somethingWentWrong'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <div className="export-menu" role="group" aria-label={t('export.label')}>
        <span className="export-label">{t('export.label')}</span>
        {exportFormatsFor(i18n.language).map((format) => (
          <button
            key={format}
            type="button"
            className="button button-secondary button-small"
            disabled={busy !== null}
            onClick={() => void run(format)}
          >
            {format === 'csv-semicolon' ? t('export.csvSemicolon') : format.toUpperCase()}
          </button>
        ))}
        {busy && (
          <span role="status" className="export-progress">
            <progress aria-label={t('export.preparing')} /> {t('export.preparing')}
          </span>
        )}
      </div>
      <button type="button" className="button button-secondary button-small" onClick={() => window.print()}>
        {t('export.print')}
      </button>
    </>
  );
}
