/** What the portal service's preview answers (services/src/publishing/), as the preview page shows it. */

/** An image of the CMS's media library: its URL, its text alternative and its sizes. */
export interface MediaImage {
  url: string;
  alternativeText: string | null;
  width?: number | null;
  formats?: Record<string, { url: string; width: number }> | null;
}

/** A draft read from the CMS for an editor's preview. */
export interface Draft {
  kind: 'news' | 'page';
  locale: string;
  slug: string;
  title: string;
  summary?: string | null;
  date?: string | null;
  body: string | null;
  image?: MediaImage | null;
}
