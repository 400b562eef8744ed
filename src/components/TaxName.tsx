import React from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A tax column's label as the tariff gives it ("CD", "SD"), with its full name ("Customs duty") as the
 * abbreviation's expansion, or, `expanded`, written out after it. A tenant's own labels, which the locale
 * files do not name, are shown as they are.
 */
export function TaxName({ label, expanded = false }: { label: string; expanded?: boolean }) {
  const { t } = useTranslation('common');
  const name = t(`taxNames.${label}`, { defaultValue: '' });
  if (!name) return <>{label}</>;
  if (expanded)
    return (
      <>
        {label} <span className="tax-name">{name}</span>
      </>
    );
  return <abbr title={name}>{label}</abbr>;
}
