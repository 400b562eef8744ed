import axios from 'axios';
import { http } from '../../http/client';
import { base64Of } from '../../http/base64';
import { serviceUrls } from '../../config/services';

export const KINDS = ['customsRates', 'centralBankRates', 'tariff'] as const;
export type Kind = (typeof KINDS)[number];
/** Largest file the service takes. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface LineError {
  file: string;
  line?: number;
  field?: string;
  /** In English; reason (with value and repeats) says the same for translation. */
  message: string;
  reason?: string;
  value?: string;
  repeats?: number;
}

export interface Upload {
  id: string;
  kind: Kind;
  source: 'upload' | 'feed';
  fileName: string;
  checksum: string;
  rowCount: number;
  status: 'checked' | 'held' | 'published' | 'discarded';
  problems: Array<{ field: string; message: string }> | null;
  createdBy: string;
  createdAt: string;
}

export interface DiffLine {
  date: string;
  currency: string;
  rate: number | null;
  live: number | null;
  previous: number | null;
  changePercent: number | null;
  status: 'new' | 'changed' | 'unchanged' | 'removed';
  jump: boolean;
}

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
  jump: boolean;
}

export interface Preview {
  /** jumps: rates that moved over 5 % in a day; tariff lines whose TTI changes. */
  counts: { new: number; changed: number; unchanged: number; removed: number; jumps: number };
  /** The dates rates cover (a tariff edition: empty). */
  from: string;
  to: string;
  lines: Array<DiffLine | TariffDiffLine>;
  truncated: boolean;
}

export interface Publication {
  id: number;
  kind: Kind;
  fileName: string;
  validFrom: string;
  status: 'scheduled' | 'live' | 'rolledBack' | 'cancelled';
  checksum: string;
  rowCount: number;
  summary: Preview['counts'];
  publishedBy: string;
  publishedAt: string;
  appliedAt: string | null;
  rolledBackBy: string | null;
  rolledBackAt: string | null;
}

export interface FeedState {
  url: string | null;
  minutes: number;
  lastRunAt: string | null;
  lastStatus: 'published' | 'held' | 'unchanged' | 'failed' | null;
  lastMessage: string | null;
}

/** A refused file: every error the service found (nothing was imported). */
export class RefusedFile extends Error {
  constructor(
    readonly errors: LineError[],
    readonly moreErrors: number,
  ) {
    super('refused');
  }
}

const url = (path: string) => `${serviceUrls.dataConsole}${path}`;

export async function uploadFile(kind: Kind, file: File): Promise<{ upload: Upload; preview: Preview }> {
  try {
    const { data } = await http.post<{ upload: Upload; preview: Preview }>(url('uploads'), {
      kind,
      fileName: file.name,
      content: await base64Of(file),
    });
    return data;
  } catch (error) {
    const body = axios.isAxiosError(error)
      ? (error.response?.data as { errors?: LineError[]; moreErrors?: number } | undefined)
      : undefined;
    if (body?.errors) throw new RefusedFile(body.errors, body.moreErrors ?? 0);
    throw error;
  }
}

export const previewUpload = async (id: string) =>
  (await http.get<{ upload: Upload; preview: Preview }>(url(`uploads/${encodeURIComponent(id)}/preview`))).data;
export const publishUpload = async (id: string, validFrom: string) =>
  (await http.post<Publication>(url(`uploads/${encodeURIComponent(id)}/publish`), { validFrom })).data;
export const discardUpload = async (id: string) => {
  await http.post(url(`uploads/${encodeURIComponent(id)}/discard`), {});
};
export const pendingUploads = async () => (await http.get<{ resultList: Upload[] }>(url('uploads'))).data.resultList;
export const publications = async () => (await http.get<{ resultList: Publication[] }>(url('publications'))).data.resultList;
export const rollBack = async (id: number) => (await http.post<Publication>(url(`publications/${id}/rollback`), {})).data;
export const feedState = async () => (await http.get<FeedState>(url('feed'))).data;
export const runFeed = async () => (await http.post<{ status: string; message: string }>(url('feed/run'), {})).data;

/** The service's message for a refused action (a conflict: already published, not the latest), else null. */
export function messageOf(error: unknown): string | null {
  if (!axios.isAxiosError(error)) return null;
  const status = error.response?.status ?? 0;
  return status >= 400 && status < 500 ? ((error.response?.data as { message?: string } | undefined)?.message ?? null) : null;
}
