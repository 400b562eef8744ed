import { http } from './client';
import { tenant } from '@guichet/shared/config/tenant';

/** The finder's time-out (SPEC section 9). */
export const FINDER_TIMEOUT_MS = 15000;

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Keys of a JSON value converted at every depth. */
export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [convert(key), convertKeys(item, convert)]));
  return value;
}

/**
 * A finder call (SPEC section 7): 15 s time-out, credentials sent, no-cache headers, the tenant key,
 * request keys in snake_case and response keys in camelCase. Errors are logged and re-thrown.
 */
export async function finderGet<T>(url: string, params: Record<string, string>): Promise<T> {
  try {
    const { data } = await http.get<unknown>(url, {
      params: convertKeys(params, snake),
      timeout: FINDER_TIMEOUT_MS,
      withCredentials: true,
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache', tenantKey: tenant.code },
    });
    return convertKeys(data, camel) as T;
  } catch (error) {
    console.error(`Tariff finder call ${url} failed`, error);
    throw error;
  }
}
