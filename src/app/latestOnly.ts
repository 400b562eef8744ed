import { isAsyncThunkAction, type Middleware } from '@reduxjs/toolkit';

/**
 * Options of a search thunk whose answers can arrive out of order (a slow search overtaken by the next
 * one): only the latest request's answer reaches the state; an older one answering late is dropped.
 */
export const LATEST_ONLY = { getPendingMeta: () => ({ latestOnly: true }) };

/** The store's middleware for LATEST_ONLY thunks: per thunk type, it lets through the answer of the latest request only. */
export const latestOnlyMiddleware: Middleware = () => {
  const latest = new Map<string, string>();
  return (next) => (action) => {
    if (isAsyncThunkAction(action)) {
      const type = action.type.slice(0, action.type.lastIndexOf('/'));
      const { requestId, requestStatus } = action.meta;
      if (requestStatus === 'pending') {
        if ((action.meta as { latestOnly?: boolean }).latestOnly) latest.set(type, requestId);
      } else if (latest.has(type) && latest.get(type) !== requestId) return action;
    }
    return next(action);
  };
};
