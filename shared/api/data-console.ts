/** What the data console service answers (services/src/data-console/), as the officers' console reads it. */

export const KINDS = ['customsRates', 'centralBankRates', 'tariff'] as const;
export type Kind = (typeof KINDS)[number];
/** Largest file the service takes (bytes). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export type UploadStatus = 'checked' | 'held' | 'published' | 'discarded';
export type PublicationStatus = 'scheduled' | 'live' | 'rolledBack' | 'cancelled';

export interface Upload {
  id: string;
  kind: Kind;
  source: 'upload' | 'feed';
  fileName: string;
  checksum: string;
  rowCount: number;
  status: UploadStatus;
  problems: Array<{ field: string; message: string }> | null;
  createdBy: string;
  createdAt: string;
}

export interface DiffLine {
  date: string;
  currency: string;
  /** The line's rate in the file (null: removed). */
  rate: number | null;
  /** The live rate on the same date (null: none). */
  live: number | null;
  /** The rate in effect the day before (null: none). */
  previous: number | null;
  changePercent: number | null;
  status: 'new' | 'changed' | 'unchanged' | 'removed';
  jump: boolean;
}

/** A tariff line's taxes and TTI (percent). */
export interface Taxes {
  cd: number;
  rd: number;
  sd: number;
  vat: number;
  ait: number;
  at: number;
  tti: number;
}

/** A line of a tariff edition against the edition in force. */
export interface TariffDiffLine {
  code: string;
  description: string;
  status: DiffLine['status'];
  before: Taxes | null;
  after: Taxes | null;
  /** Whether the line's TTI changes. */
  jump: boolean;
}

/** A file against what is live. */
export interface Diff {
  /** jumps: rates that moved more than 5 % in a day; tariff lines whose TTI changes. */
  counts: { new: number; changed: number; unchanged: number; removed: number; jumps: number };
  /** The dates the rates cover (a tariff edition: empty). */
  from: string;
  to: string;
  lines: Array<DiffLine | TariffDiffLine>;
  truncated: boolean;
}

/** A file published from a date: scheduled until then, then live; rolled back or cancelled. */
export interface Publication {
  id: number;
  uploadId: string;
  kind: Kind;
  fileName: string;
  validFrom: string;
  status: PublicationStatus;
  checksum: string;
  rowCount: number;
  summary: Diff['counts'];
  publishedBy: string;
  publishedAt: string;
  appliedAt: string | null;
  rolledBackBy: string | null;
  rolledBackAt: string | null;
}

/** How current the data visitors see is (GET freshness, one per kind). */
export interface Freshness {
  /** Latest date of the data in effect today (null: none). */
  date: string | null;
  /** pack: the data files the portal was deployed with; upload: published by an officer; feed: fetched from the feed. */
  source: 'pack' | 'upload' | 'feed';
  /** When an officer or the feed published it (null for the data files). */
  publishedAt: string | null;
  /** Days between two publications expected of the source. */
  cadenceDays: number;
  /** Older than the cadence allows (with a grace for weekends and holidays). */
  stale: boolean;
}
