import { describe, expect, it } from 'vitest';
import React from 'react';
import { screen } from '@testing-library/react';
import { renderInLanguage } from '../test/store';
import { ResultStatus } from './ResultStatus';
import { searchOf } from '../app/api';

describe('the states of a result list', () => {
  it('says a failed search failed, not that it found nothing', () => {
    renderInLanguage(<ResultStatus loading={false} loadingText="…" empty failed />, 'ar', 'common');
    expect(screen.getByRole('status').textContent).toContain('تعذّر تحميل النتائج.');
    expect(screen.queryByText(/لم يتم العثور/)).toBeNull();
  });

  it('says an empty search found nothing', () => {
    renderInLanguage(<ResultStatus loading={false} loadingText="…" empty />, 'en', 'common');
    expect(screen.getByRole('status').textContent).toContain('No result found. Your enquiry gave no results.');
  });

  it('takes a search as failed once its request has failed, not while it is asked again', () => {
    const answer = { isFetching: false, isSuccess: false, isError: true, data: undefined, refetch: () => undefined };
    expect(searchOf(null, answer, () => undefined)).toMatchObject({ searched: true, failed: true, result: undefined });
    expect(searchOf(null, { ...answer, isFetching: true }, () => undefined).failed).toBe(false);
    expect(searchOf(null, { ...answer, isError: false, isSuccess: true, data: [] }, () => undefined).failed).toBe(false);
  });
});
