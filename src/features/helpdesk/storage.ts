import { loadFromTab, saveToTab } from '../../app/tabStorage';

/** Where a request being written is kept for the browser tab, so that a reload or a change of language loses none of it. */
export const HELPDESK_DRAFT_KEY = 'guichet.helpdeskDraft';

export interface HelpdeskDraft {
  category: string;
  subject: string;
  message: string;
}

/**
 * The draft of the signed-in user (by their account's subject): on a shared workstation, whoever signs in next
 * in the same tab does not see it. The attachment is not kept (a browser cannot keep a chosen file).
 */
export function loadDraft(user: string): HelpdeskDraft | null {
  return loadFromTab(HELPDESK_DRAFT_KEY, (value) => {
    const kept = value as { user?: unknown; draft?: Record<string, unknown> } | null;
    const draft = kept?.draft;
    if (kept?.user !== user || !draft || !['category', 'subject', 'message'].every((field) => typeof draft[field] === 'string'))
      return null;
    return { category: String(draft.category), subject: String(draft.subject), message: String(draft.message) };
  });
}

/** Keeps the draft for the tab; an empty one (or a request sent) is removed. */
export function saveDraft(user: string, draft: HelpdeskDraft): void {
  const empty = !draft.category && !draft.subject && !draft.message;
  saveToTab(HELPDESK_DRAFT_KEY, empty ? null : { user, draft });
}
