import { describe, expect, it } from 'vitest';
import { sentText, validate } from './HelpDesk';
import { loadDraft, saveDraft } from './storage';

describe('the help-desk form', () => {
  it('names every field to correct at once, in the order of the form', () => {
    expect(validate({ category: '', subject: ' ', message: 'short' }, null).map((problem) => problem.field)).toEqual([
      'category',
      'subject',
      'message',
    ]);
    const big = new File(['x'], 'scan.exe', { type: 'application/x-msdownload' });
    expect(validate({ category: 'valuation', subject: 'Used cars', message: 'How is a used car valued?' }, big)).toEqual([
      { field: 'attachment', key: 'validation.attachmentType' },
    ]);
    expect(validate({ category: 'valuation', subject: 'Used cars', message: 'How is a used car valued?' }, null)).toEqual([]);
  });

  it('counts no invisible characters towards a subject or a question', () => {
    const invisible = '\u200b\u200b\u200f\ufeff';
    expect(validate({ category: 'other', subject: invisible, message: invisible.repeat(4) }, null).map((problem) => problem.field)).toEqual(
      ['subject', 'message'],
    );
  });

  it('sends no control character pasted with the text, and keeps its line breaks', () => {
    expect(sentText({ subject: ' Cotton\u0000 shirts\u0007 ', message: 'Line one\r\nline two\tend\u001b\u007f' })).toEqual({
      subject: 'Cotton shirts',
      message: 'Line one\r\nline two\tend',
    });
  });

  it('refuses an empty file and a name longer than the service keeps, before sending', () => {
    const form = { category: 'other', subject: 'A file', message: 'See the attached file.' };
    expect(validate(form, new File([], 'empty.pdf', { type: 'application/pdf' }))).toEqual([
      { field: 'attachment', key: 'validation.attachmentEmpty' },
    ]);
    expect(validate(form, new File(['%PDF'], `${'n'.repeat(197)}.pdf`, { type: 'application/pdf' }))).toEqual([
      { field: 'attachment', key: 'validation.attachmentName' },
    ]);
    expect(validate(form, new File(['%PDF'], `${'n'.repeat(196)}.pdf`, { type: 'application/pdf' }))).toEqual([]);
  });

  it('keeps the request being written for the tab, for its writer only, and forgets it once empty', () => {
    const draft = { category: 'tariff', subject: 'Cotton shirts', message: 'Which code for men’s cotton shirts?' };
    saveDraft('user-1', draft);
    expect(loadDraft('user-1')).toEqual(draft);
    // Whoever signs in next in the same tab does not see it.
    expect(loadDraft('user-2')).toBeNull();
    saveDraft('user-1', { category: '', subject: '', message: '' });
    expect(loadDraft('user-1')).toBeNull();
    window.sessionStorage.setItem('guichet.helpdeskDraft', JSON.stringify({ user: 'user-1', draft: { subject: 3 } }));
    expect(loadDraft('user-1')).toBeNull();
  });
});
