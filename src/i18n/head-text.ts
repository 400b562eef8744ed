export interface TranslationsData {
  locales: { edges: Array<{ node: { ns: string; data: string; language: string } }> };
}

/**
 * Looks up a translated string outside React's i18n context (in Gatsby's Head,
 * which is rendered apart from the page); in the given language when the data holds several.
 */
export function headText(data: TranslationsData | undefined, key: string, ns = 'common', language?: string): string {
  const node = data?.locales.edges.find((edge) => edge.node.ns === ns && (!language || edge.node.language === language))?.node;
  if (!node) return key;
  let value: unknown = JSON.parse(node.data);
  for (const part of key.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'string' ? value : key;
}
