/** A table to export, whatever the format: what every table of the portal hands to the export engine. */
export interface ExportColumn {
  header: string;
  /** Numbers align to the end and are written as numbers where the format has them. */
  numeric?: boolean;
  /** Decimals of a numeric column (default 2). */
  decimals?: number;
  /** Cells are dates as YYYY-MM-DD (written as dates where the format has them). */
  date?: boolean;
}

export type ExportCell = string | number | null;

export interface ExportTable {
  title: string;
  subtitle?: string;
  columns: ExportColumn[];
  rows: ExportCell[][];
  /** What the table was computed from (a simulation's inputs), as label and value, written before the table. */
  details?: Array<{ label: string; value: string }>;
  /** Language of the page the table comes from (ar makes the output right-to-left). */
  language: string;
}

/** What an empty cell shows in every export. */
export const MISSING = '-';
