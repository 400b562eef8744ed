import { describe, expect, it, vi } from 'vitest';
import { answer, api, callError, searchOf, ToolError } from './api';
import { makeStore } from './store';
import { signedIn, signedOut, type SessionUser } from '../auth/authSlice';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<string, { value: string; fail?: boolean; notice?: string }>({
      queryFn: ({ value, fail, notice }) => answer(fail ? Promise.reject(new Error('down')) : Promise.resolve(value), notice),
    }),
  }),
});

const user = (subject: string): SessionUser => ({
  username: subject,
  firstName: '',
  lastName: '',
  name: subject,
  email: '',
  sessionId: 's',
  subject,
  expiresAt: 0,
  issuedAt: 0,
  clientId: 'guichet-portal',
  realmRoles: [],
  resourceRoles: {},
});

const cached = (store: ReturnType<typeof makeStore>) => Object.keys(store.getState().api.queries);

describe('the data layer', () => {
  it("shows a failed call's notice once, and nothing for a call without one", async () => {
    const store = makeStore();
    await store.dispatch(probe.endpoints.probe.initiate({ value: 'a', fail: true }));
    expect(store.getState().notifications).toEqual([]);
    await store.dispatch(probe.endpoints.probe.initiate({ value: 'b', fail: true, notice: 'notifications.somethingWentWrong' }));
    await store.dispatch(probe.endpoints.probe.initiate({ value: 'c', fail: true, notice: 'notifications.somethingWentWrong' }));
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.somethingWentWrong']);
  });
  it("takes a failure's notice away when the same endpoint answers later, not when another does", async () => {
    const other = api.injectEndpoints({
      endpoints: (build) => ({ other: build.query<string, string>({ queryFn: (value) => answer(Promise.resolve(value)) }) }),
    });
    const store = makeStore();
    await store.dispatch(probe.endpoints.probe.initiate({ value: 'a', fail: true, notice: 'notifications.somethingWentWrong' }));
    await store.dispatch(other.endpoints.other.initiate('x'));
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.somethingWentWrong']);
    await store.dispatch(probe.endpoints.probe.initiate({ value: 'b' }));
    expect(store.getState().notifications).toEqual([]);
  });
  it("keeps failures as plain data: the status, and a tool's own reason without the generic notice", () => {
    const axiosLike = Object.assign(new Error('429'), { response: { status: 429, headers: { 'retry-after': '7' } } });
    expect(callError(axiosLike, 'n')).toEqual({ status: 429, retryAfter: 7, notice: 'n' });
    expect(callError(new ToolError('tariffNotFound', 400), 'n')).toEqual({ status: 400, reason: 'tariffNotFound', details: null });
    expect(callError(new ToolError('noRate', null, null, 'own'), 'n')).toMatchObject({ reason: 'noRate', notice: 'own' });
  });
  it('forgets what one session read when it signs out or another account signs in, not when its token is renewed', async () => {
    const store = makeStore();
    store.dispatch(signedIn(user('a')));
    await store.dispatch(probe.endpoints.probe.initiate({ value: 'mine' }));
    expect(cached(store)).toHaveLength(1);
    store.dispatch(signedIn({ ...user('a'), expiresAt: 60 }));
    expect(cached(store)).toHaveLength(1);
    store.dispatch(signedIn(user('b')));
    expect(cached(store)).toHaveLength(0);
    await store.dispatch(probe.endpoints.probe.initiate({ value: 'theirs' }));
    store.dispatch(signedOut());
    expect(cached(store)).toHaveLength(0);
  });
});

describe('a tool search as its results show it', () => {
  const hook = (changes: object = {}) => ({
    isFetching: false,
    isSuccess: true,
    isError: false,
    data: ['a'],
    refetch: vi.fn(),
    ...changes,
  });
  it('asks the service again for the same search, and shows another one', () => {
    const answer = hook();
    const show = vi.fn();
    const search = searchOf({ keyword: 'tea', page: 1 }, answer, show);
    search.ask({ keyword: 'tea', page: 1 });
    expect(answer.refetch).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalled();
    search.ask({ keyword: 'tea', page: 2 });
    expect(show).toHaveBeenCalledWith({ keyword: 'tea', page: 2 });
    searchOf(null, answer, show).ask({ keyword: 'tea', page: 1 });
    expect(show).toHaveBeenCalledTimes(2);
    expect(answer.refetch).toHaveBeenCalledTimes(1);
  });
  it('shows no result when the latest try failed, though an earlier answer is kept', () => {
    expect(searchOf('x', hook({ isSuccess: false, isError: true }), vi.fn())).toMatchObject({ searched: true, result: undefined });
    expect(searchOf('x', hook({ isFetching: true }), vi.fn())).toMatchObject({ loading: true, result: ['a'] });
    expect(searchOf(null, hook({ isSuccess: false, data: undefined }), vi.fn())).toMatchObject({ searched: false, result: undefined });
  });
});
