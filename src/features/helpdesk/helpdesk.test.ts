import { describe, expect, it } from 'vitest';
import { validate } from './HelpDesk';

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
});
