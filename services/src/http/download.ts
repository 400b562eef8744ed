/**
 * What a file's name may not show: control characters, quotes, backslashes, slashes, and bidi controls, which
 * would show another name than the file's ("\u202eVSC.exe.csv" reads "vsc.exe.CSV"). Each becomes "_".
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f\\/"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const safeFileName = (fileName: string) => fileName.replace(UNSAFE_IN_NAMES, '_');

/**
 * The Content-Disposition of a file the services send: the name as ASCII for old clients (other characters
 * as "_") and whole in UTF-8 (RFC 6266, RFC 8187), so that a Bengali or Arabic file name is downloaded as it
 * was given. Quotes, backslashes, slashes and control characters never reach the header.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const safe = safeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === safe ? `${kind}; filename="${ascii}"` : `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
