import axios from 'axios';
import { http } from '../../http/client';
import type { EncodedFile } from '../../http/base64';
import { answer, api, ToolError } from '../../app/api';
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

/** Every error the service found in a refused file (nothing was imported). */
export interface FileErrors {
  errors: LineError[];
  moreErrors: number;
}

/** A refused file: its errors are the failure's details. */
export class RefusedFile extends ToolError {
  constructor(details: FileErrors) {
    super('refusedFile', 400, details);
  }
}

const url = (path: string) => `${serviceUrls.dataConsole}${path}`;

export async function uploadFile(kind: Kind, file: EncodedFile): Promise<{ upload: Upload; preview: Diff }> {
  try {
    const { data } = await http.post<{ upload: Upload; preview: Diff }>(url('uploads'), { kind, fileName: file.name, content: file.data });
    return data;
  } catch (error) {
    const body = axios.isAxiosError(error)
      ? (error.response?.data as { errors?: LineError[]; moreErrors?: number } | undefined)
      : undefined;
    if (body?.errors) throw new RefusedFile({ errors: body.errors, moreErrors: body.moreErrors ?? 0 });
    throw error;
  }
}

export const previewUpload = async (id: string) =>
  (await http.get<{ upload: Upload; preview: Diff }>(url(`uploads/${encodeURIComponent(id)}/preview`))).data;
/** Publishes an upload; `removals` is the number of lines in force it removes, as its preview showed them. */
export const publishUpload = async (id: string, validFrom: string, removals: number) =>
  (await http.post<Publication>(url(`uploads/${encodeURIComponent(id)}/publish`), { validFrom, removals })).data;
export const discardUpload = async (id: string) => {
  await http.post(url(`uploads/${encodeURIComponent(id)}/discard`), {});
};
export const pendingUploads = async () => (await http.get<{ resultList: Upload[] }>(url('uploads'))).data.resultList;
export const publications = async () => (await http.get<{ resultList: Publication[] }>(url('publications'))).data.resultList;
export const rollBack = async (id: number) => (await http.post<Publication>(url(`publications/${id}/rollback`), {})).data;
export const feedState = async () => (await http.get<FeedState>(url('feed'))).data;
export const runFeed = async () => (await http.post<{ status: string; message: string }>(url('feed/run'), {})).data;

const UPLOADS = ['Upload' as const];

export const dataConsoleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Uploads waiting, publications and the feed: read again after every action. */
    consoleLists: build.query<{ pending: Upload[]; history: Publication[]; feed: FeedState }, void>({
      queryFn: () =>
        answer(
          Promise.all([pendingUploads(), publications(), feedState()]).then(([pending, history, feed]) => ({ pending, history, feed })),
        ),
      providesTags: UPLOADS,
      keepUnusedDataFor: 0,
    }),
    uploadPreview: build.query<{ upload: Upload; preview: Diff }, string>({
      queryFn: (id) => answer(previewUpload(id)),
      keepUnusedDataFor: 0,
    }),
    uploadFile: build.mutation<{ upload: Upload; preview: Diff }, { kind: Kind; file: EncodedFile }>({
      queryFn: ({ kind, file }) => answer(uploadFile(kind, file)),
      invalidatesTags: UPLOADS,
    }),
    publishUpload: build.mutation<Publication, { id: string; validFrom: string; removals: number }>({
      queryFn: ({ id, validFrom, removals }) => answer(publishUpload(id, validFrom, removals)),
      invalidatesTags: UPLOADS,
    }),
    discardUpload: build.mutation<void, string>({ queryFn: (id) => answer(discardUpload(id)), invalidatesTags: UPLOADS }),
    rollBack: build.mutation<Publication, number>({ queryFn: (id) => answer(rollBack(id)), invalidatesTags: UPLOADS }),
    runFeed: build.mutation<{ status: string; message: string }, void>({ queryFn: () => answer(runFeed()), invalidatesTags: UPLOADS }),
  }),
});

export const {
  useConsoleListsQuery,
  useLazyUploadPreviewQuery,
  useUploadFileMutation,
  usePublishUploadMutation,
  useDiscardUploadMutation,
  useRollBackMutation,
  useRunFeedMutation,
} = dataConsoleApi;
