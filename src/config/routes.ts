/** Paths of the portal's pages, without the language prefix. */

export const TOOL_SLUGS = ['tariff-search', 'traders-guide', 'taxation-simulation', 'manifest', 'codification'] as const;
export type ToolSlug = (typeof TOOL_SLUGS)[number];

export const CUSTOM_PAGE_SLUGS = [
  'account-registration-procedure',
  'photos-pages',
  'user-guides',
  'information-notes',
  'video-page',
  'voyage-tutorials',
  'wev-tutorials',
  'licence-tutorials',
  'manifestes-tutorials',
  'eforex-tutorials',
  'online-payment-tutorials',
  'import-and-export-procedure-and-rules',
  'tvf-tutorials',
  'about-us',
  'page-de-photos',
] as const;

export const paths = {
  home: '/',
  news: '/news/',
  newsPage: (page: number) => (page <= 1 ? '/news/' : `/news/page/${page}/`),
  article: (slug: string) => `/news/${slug}/`,
  customPages: '/custom-pages/',
  customPage: (slug: string) => `/custom-pages/${slug}/`,
  downloads: '/downloads/',
  faq: '/frequently-asked-questions/',
  exchangeRates: '/exchange/customs-exchange-rate/',
  ratesChart: '/exchange/customs-exchange-rate/chart/',
  centralBankRates: '/exchange/central-bank-rates/',
  tools: '/tools/',
  tool: (slug: ToolSlug) => `/tools/${slug}/`,
  internalTools: '/internal-tools/',
  dataConsole: '/data-console/',
  developers: '/developers/',
  /** Editors' preview of a draft (opened from the CMS). */
  preview: '/preview/',
  accessDenied: '/access-denied/',
  helpDesk: '/help-desk/',
  tariffBrowse: '/tools/tariff-search/browse/',
  manifestLatest: '/tools/manifest/latest/',
  /** The AI tariff finder: a product description in, ranked HS codes out. */
  tariffFinder: '/tools/tariff-search/ai/',
  tariffDetail: (code?: string) => `/tools/tariff-search/detail/${code ? `?code=${code}` : ''}`,
} as const;

/** The tools shown in navigation, with the path of each (exchange rates live under /exchange/). */
export const TOOL_LINKS: ReadonlyArray<{ key: string; path: string }> = [
  { key: 'tariff-search', path: paths.tool('tariff-search') },
  { key: 'tariff-finder', path: paths.tariffFinder },
  { key: 'customs-exchange-rate', path: paths.exchangeRates },
  { key: 'codification', path: paths.tool('codification') },
  { key: 'taxation-simulation', path: paths.tool('taxation-simulation') },
  { key: 'traders-guide', path: paths.tool('traders-guide') },
  { key: 'manifest', path: paths.tool('manifest') },
];
