/** The public content types, their fields and root queries (Strapi 5): all the public GraphQL endpoint may reach. */

/** Fields of a type the public may select: a leaf, or an object type with its own fields. */
export interface TypeShape {
  name: string;
  fields: Record<string, TypeShape | 'leaf'>;
  /** Fields that filters and sort may name (scalar attributes). */
  scalars: string[];
}

/** Fields every published entry has in Strapi 5's schema. */
const ENTRY_FIELDS = ['documentId', 'locale', 'createdAt', 'updatedAt', 'publishedAt'];

/** The media file fields the site reads and their harmless neighbours (not `related`: it links to drafts too). */
const MEDIA: TypeShape = {
  name: 'UploadFile',
  fields: leaves([
    'documentId',
    'url',
    'alternativeText',
    'caption',
    'name',
    'width',
    'height',
    'formats',
    'mime',
    'ext',
    'size',
    'previewUrl',
    'createdAt',
    'updatedAt',
  ]),
  scalars: [],
};

function leaves(names: string[]): Record<string, 'leaf'> {
  return Object.fromEntries(names.map((name) => [name, 'leaf' as const]));
}

function entry(name: string, attributes: string[], objects: Record<string, TypeShape> = {}): TypeShape {
  const scalars = [...ENTRY_FIELDS, ...attributes];
  return { name, fields: { ...leaves(scalars), ...objects }, scalars };
}

/**
 * The public content types and their attributes (cms/src/api/*: the CMS's public role reads these).
 * The staff-only internal tools page is not here.
 */
export const PUBLIC_TYPES = {
  'news-article': entry('NewsArticle', ['title', 'slug', 'date', 'summary', 'body'], { image: MEDIA }),
  'custom-page': entry('CustomPage', ['slug', 'title', 'body']),
  'faq-entry': entry('FaqEntry', ['question', 'answer', 'category', 'order']),
  download: entry('Download', ['title', 'category', 'file', 'size']),
  'home-page': entry('HomePage', ['heroTitle', 'heroText', 'highlightedTools', 'latestNewsCount']),
} satisfies Record<string, TypeShape>;

type RootKind = 'list' | 'connection' | 'one' | 'single';

/** Arguments each kind of root field takes (Strapi 5), `status` aside. */
export const ROOT_ARGUMENTS: Record<RootKind, string[]> = {
  list: ['locale', 'filters', 'pagination', 'sort'],
  connection: ['locale', 'filters', 'pagination', 'sort'],
  one: ['documentId', 'locale'],
  single: ['locale'],
};

export interface RootField {
  kind: RootKind;
  type: TypeShape;
}

function connection(type: TypeShape): TypeShape {
  return {
    name: `${type.name}EntityResponseCollection`,
    fields: { nodes: type, pageInfo: { name: 'Pagination', fields: leaves(['total', 'page', 'pageSize', 'pageCount']), scalars: [] } },
    scalars: type.scalars,
  };
}

function collection(one: string, many: string, type: TypeShape): Record<string, RootField> {
  return {
    [many]: { kind: 'list', type },
    [`${many}_connection`]: { kind: 'connection', type: connection(type) },
    [one]: { kind: 'one', type },
  };
}

/** The root fields of the public endpoint: the queries of the public content types, nothing else. */
export const ROOT_FIELDS: Record<string, RootField> = {
  ...collection('newsArticle', 'newsArticles', PUBLIC_TYPES['news-article']),
  ...collection('customPage', 'customPages', PUBLIC_TYPES['custom-page']),
  ...collection('faqEntry', 'faqEntries', PUBLIC_TYPES['faq-entry']),
  ...collection('download', 'downloads', PUBLIC_TYPES.download),
  homePage: { kind: 'single', type: PUBLIC_TYPES['home-page'] },
};

/** Arguments that select drafts or documents by their publication history in Strapi 5. */
export const DRAFT_ARGUMENTS = ['publicationFilter', 'hasPublishedVersion', 'publicationState'];
export const INTROSPECTION_FIELDS = ['__schema', '__type'];
export const LOGICAL_FILTERS = ['and', 'or', 'not'];
export const FILTER_OPERATORS = new Set([
  'eq',
  'eqi',
  'ne',
  'nei',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'notIn',
  'contains',
  'notContains',
  'containsi',
  'notContainsi',
  'null',
  'notNull',
  'between',
  'startsWith',
  'startsWithi',
  'endsWith',
  'endsWithi',
  ...LOGICAL_FILTERS,
]);
