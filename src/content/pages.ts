/**
 * Reads lists that the CMS gives a page at a time: asks for the page starting at 0, then the next one while
 * any list filled its page, and joins them. The other fields come from the first page.
 */
export async function readAllPages<T extends object, K extends keyof T>(
  lists: readonly K[],
  pageSize: number,
  fetchPage: (start: number) => Promise<T>,
): Promise<T> {
  let all: T | null = null;
  for (let start = 0; ; start += pageSize) {
    const page = await fetchPage(start);
    all = all
      ? { ...all, ...Object.fromEntries(lists.map((list) => [list, [...(all![list] as unknown[]), ...(page[list] as unknown[])]])) }
      : page;
    if (!lists.some((list) => (page[list] as unknown[]).length === pageSize)) return all;
  }
}
