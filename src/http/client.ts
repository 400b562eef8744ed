import axios from 'axios';
import { loadingStatus } from './loading';

/** The one HTTP client every tool uses: JSON in and out, a time-out, one place for interceptors. */
export const http = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  timeout: 30000,
  // An answer that is not valid JSON is an error, not a string handed to the tool as if it were data.
  responseType: 'json',
  transitional: { silentJSONParsing: false },
});

type TokenSource = () => Promise<string | undefined>;
let tokenSource: TokenSource | undefined;

/** The session registers where a valid access token comes from (refreshed when about to expire). */
export function setTokenSource(source: TokenSource | undefined): void {
  tokenSource = source;
}

// Before every request: validate or refresh the token, then send it as a bearer with a JSON content type.
http.interceptors.request.use(async (config) => {
  const token = tokenSource ? await tokenSource() : undefined;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  if (!config.headers.has('Content-Type')) config.headers.set('Content-Type', 'application/json');
  return config;
});

// Every request counts as loading from the moment it starts (before the token step above) until its answer
// or its failure: the delayed-load notice reads this. Registered last, so it runs first.
http.interceptors.request.use((config) => {
  loadingStatus.requestStarted();
  return config;
});
http.interceptors.response.use(
  (response) => {
    loadingStatus.requestEnded();
    return response;
  },
  (error: unknown) => {
    loadingStatus.requestEnded();
    return Promise.reject(error);
  },
);
