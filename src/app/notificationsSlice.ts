import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export interface Notification {
  id: string;
  kind: 'error' | 'info';
  /** Translation key in the common namespace. */
  messageKey: string;
  /** The data layer's endpoint whose failure it reports: its next answer takes the message away. */
  source?: string;
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: [] as Notification[],
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<Notification>) {
        // The same message twice in a row is shown once.
        if (!state.some((n) => n.messageKey === action.payload.messageKey)) state.push(action.payload);
      },
      prepare(kind: Notification['kind'], messageKey: string, source?: string) {
        return { payload: { id: nanoid(), kind, messageKey, ...(source ? { source } : {}) } };
      },
    },
    dismiss(state, action: PayloadAction<string>) {
      return state.filter((n) => n.id !== action.payload);
    },
    /** The problem these messages spoke of is gone (the visitor corrected it): they go too. */
    resolved(state, action: PayloadAction<string[]>) {
      return state.filter((n) => !action.payload.includes(n.messageKey));
    },
    /** An endpoint answered: what its earlier failure said ("something went wrong") is no longer true. */
    answered(state, action: PayloadAction<string>) {
      const kept = state.filter((n) => n.source !== action.payload);
      return kept.length === state.length ? state : kept;
    },
  },
});

export const { notify, dismiss, resolved, answered } = notificationsSlice.actions;
