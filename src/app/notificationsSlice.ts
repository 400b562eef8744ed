import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export interface Notification {
  id: string;
  kind: 'error' | 'info';
  /** Translation key in the common namespace. */
  messageKey: string;
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
      prepare(kind: Notification['kind'], messageKey: string) {
        return { payload: { id: nanoid(), kind, messageKey } };
      },
    },
    dismiss(state, action: PayloadAction<string>) {
      return state.filter((n) => n.id !== action.payload);
    },
    /** The problem these messages spoke of is gone (the visitor corrected it): they go too. */
    resolved(state, action: PayloadAction<string[]>) {
      return state.filter((n) => !action.payload.includes(n.messageKey));
    },
  },
});

export const { notify, dismiss, resolved } = notificationsSlice.actions;
