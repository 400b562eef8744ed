import { createListenerMiddleware, isFulfilled, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { answered, notify } from './notificationsSlice';
import { signedIn, signedOut, type AuthState } from '../auth/authSlice';

/**
 * How a call failed, as the store keeps it (plain data): the HTTP status of the answer (404 also for
 * what the tool itself found missing), null without an answer; and the message the visitor is shown
 * once, if any.
 */
export interface CallError {
  status: number | null;
  notice?: string;
  /** A tool's own reason, where its page says more than "something went wrong". */
  reason?: string;
  /** With the reason: what the service said was missing or wrong (the tool knows its shape). */
  details?: unknown;
  /** The service is busy (429): seconds to wait before asking again (its Retry-After, else 60). */
  retryAfter?: number;
}

/**
 * The tools' one data layer (RTK Query). Every call goes through the axios instance (src/http/client.ts)
 * in a tool's api module; each tool adds its endpoints here when its code loads (injectEndpoints), so
 * content pages carry none of them. An answer is cached by its arguments: a search answering late fills
 * its own entry and never overwrites a newer one's.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<CallError>(),
  // Back on a page within a minute, its answers are shown at once; after that they are asked again.
  keepUnusedDataFor: 60,
  // Lists read again after a write: help desk requests, and the data console's uploads and publications.
  tagTypes: ['HelpdeskRequest', 'Upload'],
  endpoints: () => ({}),
});

/** An error a tool throws with its reason (NotFound: 404; TariffNotFound, NotEnoughInformation...), and the message it shows, if any. */
export class ToolError extends Error {
  constructor(
    readonly reason: string,
    readonly status: number | null = null,
    readonly details: unknown = null,
    readonly notice?: string,
  ) {
    super(reason);
  }
}

/** The plain data of any failure: axios errors by their answer's status, tool errors by their reason. */
export function callError(error: unknown, notice?: string): CallError {
  const response = (error as { response?: { status?: number; headers?: Record<string, unknown> } } | null)?.response;
  const status = error instanceof ToolError ? error.status : (response?.status ?? null);
  const wait = Number(response?.headers?.['retry-after']);
  return {
    status,
    ...(status === 429 ? { retryAfter: Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : 60 } : {}),
    // A tool's own reason is explained on its page: it is notified only with a message of its own.
    ...(error instanceof ToolError
      ? { reason: error.reason, details: error.details, ...(error.notice ? { notice: error.notice } : {}) }
      : notice
        ? { notice }
        : {}),
  };
}

/**
 * The result of an endpoint's call (its queryFn): the answer, or the failure as plain data with the
 * message to show once (the listener below shows it; without one the tool's page says what failed).
 */
export async function answer<T>(
  call: Promise<T>,
  notice?: string,
): Promise<{ data: NoInfer<T>; error?: undefined } | { error: CallError; data?: undefined }> {
  try {
    return { data: await call };
  } catch (error) {
    return { error: callError(error, notice) };
  }
}

/**
 * Failures are reported in one place: a failed call with a notice shows it, once, in the notifications.
 * And what was read with one visitor's session is not shown to the next: signing out, or in as someone
 * else, empties the data layer.
 */
export const dataListener = createListenerMiddleware();
dataListener.startListening({
  predicate: (action, _state, previous) => {
    const before = (previous as { auth: AuthState }).auth.user;
    return before !== null && (signedOut.match(action) || (signedIn.match(action) && action.payload.subject !== before.subject));
  },
  effect: (_action, { dispatch }) => void dispatch(api.util.resetApiState()),
});
/** The data layer's endpoint an action of its calls belongs to. */
const endpointOf = (action: UnknownAction) => (action.meta as { arg?: { endpointName?: string } } | undefined)?.arg?.endpointName;
dataListener.startListening({
  matcher: isRejectedWithValue,
  effect: (action, { dispatch }) => {
    const notice = (action.payload as CallError | null | undefined)?.notice;
    if (notice) dispatch(notify('error', notice, endpointOf(action)));
  },
});
// A later answer of the same endpoint (the search tried again) takes its failure's message away.
dataListener.startListening({
  predicate: (action, state) =>
    isFulfilled(action) &&
    endpointOf(action) !== undefined &&
    (state as { notifications: { source?: string }[] }).notifications.some((n) => n.source === endpointOf(action)),
  effect: (action, { dispatch }) => void dispatch(answered(endpointOf(action)!)),
});

/** Whether a service refused what was asked (4xx: a conflict, a wrong value), rather than failed. */
export const isRefused = (error: unknown): boolean => {
  const status = (error as CallError | undefined)?.status ?? 0;
  return status >= 400 && status < 500;
};

/** Whether a hook's error says the thing asked for does not exist. */
export const isNotFound = (error: unknown): boolean => (error as CallError | undefined)?.status === 404;

/** What a search's hook answers, as far as a results list reads it. */
interface SearchAnswer<Result> {
  isFetching: boolean;
  isSuccess: boolean;
  isError: boolean;
  data?: Result;
  refetch: () => unknown;
}

/**
 * A tool's search as its results show it, from the search shown (UI state, in the tool's slice) and its
 * hook's answer: loading, whether it has answered, its result unless the latest try failed, and `ask`:
 * the same search again asks the service again (after a failure, say), another one is shown.
 */
export function searchOf<Arg, Result>(shown: Arg | null, answer: SearchAnswer<Result>, show: (next: Arg) => void) {
  return {
    loading: answer.isFetching,
    searched: answer.isSuccess || answer.isError,
    /** The last search failed (its list is empty, SPEC 4; the page says it failed, not that nothing matched). */
    failed: answer.isError && !answer.isFetching,
    result: answer.isError ? undefined : answer.data,
    ask: (next: Arg) => (shown !== null && JSON.stringify(shown) === JSON.stringify(next) ? void answer.refetch() : show(next)),
  };
}
