import React from 'react';
import { act, render } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayedLoadNotice } from '../components/DelayedLoadNotice';
import { http } from './client';
import { DELAYED_LOAD_MS, loadingStatus } from './loading';

afterEach(() => vi.useRealTimers());

describe('the delayed-load notice', () => {
  it('shows once a request has been running for 1 s, and goes when it ends', () => {
    vi.useFakeTimers();
    const { container } = render(<DelayedLoadNotice />);
    act(() => loadingStatus.requestStarted());
    act(() => void vi.advanceTimersByTime(DELAYED_LOAD_MS - 1));
    expect(container.textContent).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(container.textContent).toBe('loading.delayed');
    act(() => loadingStatus.requestEnded());
    expect(container.textContent).toBe('');
    expect(DELAYED_LOAD_MS).toBe(1000);
  });
  it("shows while Gatsby's runtime reports a page load as delayed", () => {
    const { container } = render(<DelayedLoadNotice />);
    act(() => loadingStatus.pageDelayed());
    expect(container.textContent).toBe('loading.delayed');
    act(() => loadingStatus.pageArrived());
    expect(container.textContent).toBe('');
  });
  it('counts every request of the HTTP client until its answer or its failure', async () => {
    let release: () => void = () => undefined;
    const held: AxiosAdapter = (config) =>
      new Promise((resolve) => {
        release = () => resolve({ data: '{}', status: 200, statusText: 'OK', headers: {}, config });
      });
    const answer = http.get('/x', { adapter: held });
    await vi.waitFor(() => expect(loadingStatus.busy()).toBe(true));
    release();
    await answer;
    expect(loadingStatus.busy()).toBe(false);
    await expect(http.get('/x', { adapter: () => Promise.reject(new Error('Network Error')) })).rejects.toThrow();
    expect(loadingStatus.busy()).toBe(false);
  });
});
