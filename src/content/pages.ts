/**
 * Reads lists that the CMS gives a page at a time: asks for the page starting at 0, then the next one while
 * any list filled its page, and joins them. The other fields come from the first page.
 */
export async function readAllPages<T extends object, K extends keyof T>(
  lists: readonly K[],
  pageSize: number,
  fetchPage: (start: number) => Promise<T>,
): Promise<T> {
  const all: T = await fetchPage(0);
  let page: T = all;
  for (let start = pageSize; lists.some((list) => (page[list] as unknown[]).length === pageSize); start += pageSize) {
    page = await fetchPage(start);
    for (const list of lists) (all[list] as unknown[]) = [...(all[list] as unknown[]), ...(page[list] as unknown[])];
  }
  return all;
}
