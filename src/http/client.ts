import axios from 'axios';

/** The one HTTP client every tool uses: JSON in and out, a time-out, one place for interceptors. */
export const http = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  timeout: 30000,
});
