import type { MediaImage } from '../components/ArticleImage';
/** Content as templates receive it in their page context. */

/** A piece of text and the language it is really written in (English when a translation is missing). */
export interface Localized {
  /** Language of the text. */
  lang: string;
  /** True when the page language has no translation and English is shown instead. */
  fallback: boolean;
}

export interface Article extends Localized {
  slug: string;
  title: string;
  date: string;
  summary: string;
  html: string;
  image?: MediaImage | null;
}

export type ArticleSummary = Omit<Article, 'html'>;

export interface CustomPage extends Localized {
  slug: string;
  title: string;
  html: string;
}

export interface FaqEntry extends Localized {
  order: number;
  question: string;
  html: string;
  category: string;
}

export interface Download extends Localized {
  title: string;
  category: string;
  file: string;
  size: number | null;
}

export interface HomeContent extends Localized {
  heroTitle: string;
  heroText: string;
  highlightedTools: string[];
  latestNewsCount: number;
}

/** The internal tools page as the portal service answers it (staff only). */
export interface InternalToolsContent {
  title: string;
  body: string;
  lang: string;
  fallback: boolean;
}

/** Context every page built by gatsby-node carries (the i18n part is read by gatsby-plugin-react-i18next). */
export interface BasePageContext {
  language: string;
  i18n: {
    language: string;
    languages: string[];
    defaultLanguage: string;
    generateDefaultLanguagePage: boolean;
    routed: boolean;
    originalPath: string;
    path: string;
  };
}
