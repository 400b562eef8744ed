import axios from 'axios';
import { http } from '../../http/client';
import type { EncodedFile } from '../../http/base64';
import { serviceUrls } from '../../config/services';
import { answer, api, ToolError } from '../../app/api';

export const CATEGORIES = ['tariff', 'valuation', 'procedure', 'payment', 'technical', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Status = 'open' | 'answered' | 'closed';
/** Largest attachment the service keeps, and the kinds of file it takes. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'];

export interface HelpdeskRequest {
  id: string;
  userName: string;
  userEmail: string;
  category: Category;
  subject: string;
  message: string;
  status: Status;
  answer: string | null;
  answeredBy: string | null;
  attachmentName: string | null;
  attachmentSize: number | null;
  createdAt: string;
  updatedAt: string;
}

export async function listRequests(): Promise<{ resultList: HelpdeskRequest[]; staff: boolean }> {
  const { data } = await http.get<{ resultList: HelpdeskRequest[]; staff: boolean }>(`${serviceUrls.helpdesk}requests`);
  return data;
}

export async function createRequest(input: {
  category: Category;
  subject: string;
  message: string;
  attachment?: EncodedFile;
}): Promise<HelpdeskRequest> {
  // One key per request sent: a second try after a lost answer (a replica that stopped mid-request, a
  // gateway error) cannot write it twice.
  // getRandomValues, not randomUUID: the latter needs a secure context, and a portal may be served over http.
  const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const headers = { 'Idempotency-Key': key };
  const send = () => http.post<HelpdeskRequest>(`${serviceUrls.helpdesk}requests`, input, { headers });
  try {
    return (await send()).data;
  } catch (error) {
    const status = axios.isAxiosError(error) ? (error.response?.status ?? 0) : -1;
    if (status !== 0 && status !== 502 && status !== 503 && status !== 504) throw error;
    return (await send()).data;
  }
}

/** A refusal of the attachment (400 naming it: empty, or a name too long) is the page's to say, under the field. */
async function refusedAttachment<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const body = axios.isAxiosError(error) ? (error.response?.data as { field?: unknown } | undefined) : undefined;
    if (axios.isAxiosError(error) && error.response?.status === 400 && body?.field === 'attachment')
      throw new ToolError('AttachmentRefused', 400);
    throw error;
  }
}

export async function answerRequest(id: string, answer: string, status: 'answered' | 'closed'): Promise<HelpdeskRequest> {
  const { data } = await http.post<HelpdeskRequest>(`${serviceUrls.helpdesk}requests/${id}/answer`, { answer, status });
  return data;
}

export async function fetchAttachment(id: string): Promise<Blob> {
  const { data } = await http.get<Blob>(`${serviceUrls.helpdesk}requests/${id}/attachment`, { responseType: 'blob' });
  return data;
}

const LIST = [{ type: 'HelpdeskRequest' as const, id: 'LIST' }];

export const helpdeskApi = api.injectEndpoints({
  endpoints: (build) => ({
    helpdeskRequests: build.query<{ resultList: HelpdeskRequest[]; staff: boolean }, void>({
      queryFn: () => answer(listRequests(), 'notifications.somethingWentWrong'),
      providesTags: LIST,
      // The list is the signed-in user's: read afresh on every visit to the page.
      keepUnusedDataFor: 0,
    }),
    createHelpdeskRequest: build.mutation<HelpdeskRequest, Parameters<typeof createRequest>[0]>({
      queryFn: (input) => answer(refusedAttachment(createRequest(input)), 'notifications.somethingWentWrong'),
      invalidatesTags: (_result, error) => (error ? [] : LIST),
    }),
    answerHelpdeskRequest: build.mutation<HelpdeskRequest, { id: string; answer: string; status: 'answered' | 'closed' }>({
      queryFn: ({ id, answer: text, status }) => answer(answerRequest(id, text, status), 'notifications.somethingWentWrong'),
      invalidatesTags: (_result, error) => (error ? [] : LIST),
    }),
  }),
});

export const { useHelpdeskRequestsQuery, useCreateHelpdeskRequestMutation, useAnswerHelpdeskRequestMutation } = helpdeskApi;
