import axios from 'axios';
import { http } from '../../http/client';
import { base64Of } from '../../http/base64';
import { serviceUrls } from '../../config/services';
import type { Diff, Kind, Publication, Upload } from '@guichet/shared/api/data-console';

export {
  KINDS,
  MAX_FILE_BYTES,
  type Diff as Preview,
  type DiffLine,
  type Kind,
  type Publication,
  type TariffDiffLine,
  type Taxes,
  type Upload,
} from '@guichet/shared/api/data-console';

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

export async function uploadFile(kind: Kind, file: File): Promise<{ upload: Upload; preview: Diff }> {
  try {
    const { data } = await http.post<{ upload: Upload; preview: Diff }>(url('uploads'), {
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
  (await http.get<{ upload: Upload; preview: Diff }>(url(`uploads/${encodeURIComponent(id)}/preview`))).data;
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
