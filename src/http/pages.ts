/**
 * The reads of the portal's own pages and shared components (not a tool's): data freshness, a service's
 * OpenAPI description, an editor's draft preview and the staff page. Through the data layer, like the tools'.
 */
import { answer, api } from '../app/api';
import { serviceUrls } from '../config/services';
import type { InternalToolsContent } from '../content/types';
import type { Freshness, Kind } from '@guichet/shared/api/data-console';
import type { Draft } from '@guichet/shared/api/publishing';
import { http } from './client';

export type { Draft, Freshness };
export type FreshnessKind = Kind;

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string | string[] };
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: unknown;
}

export interface OpenApi {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const read = async <T>(url: string, params?: Record<string, string>): Promise<T> => (await http.get<T>(url, params ? { params } : {})).data;

export const pagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Each page says itself what it could not read: no notifications.
    freshness: build.query<Record<FreshnessKind, Freshness>, void>({
      queryFn: () => answer(read<Record<FreshnessKind, Freshness>>(`${serviceUrls.dataConsole}freshness`)),
    }),
    openApi: build.query<OpenApi, string>({ queryFn: (url) => answer(read<OpenApi>(url)) }),
    /** The draft a signed preview link names (its query string); never kept once the page is left. */
    draft: build.query<Draft, string>({
      queryFn: (search) => answer(read<Draft>(`${serviceUrls.portal}preview`, Object.fromEntries(new URLSearchParams(search)))),
      keepUnusedDataFor: 0,
    }),
    internalTools: build.query<InternalToolsContent, string>({
      queryFn: (language) => answer(read<InternalToolsContent>(`${serviceUrls.portal}internal-tools`, { locale: language })),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useFreshnessQuery, useOpenApiQuery, useDraftQuery, useInternalToolsQuery } = pagesApi;
