import { describe, expect, it } from 'vitest';
import { readAllPages } from './pages';

describe('reading every CMS entry', () => {
  it('asks for the next page while a list fills its page, and joins the pages', async () => {
    const news = Array.from({ length: 2500 }, (_, index) => index);
    const asked: number[] = [];
    const all = await readAllPages<{ news: number[]; faq: string[]; home: number }, 'news' | 'faq'>(['news', 'faq'], 1000, async (start) => {
      asked.push(start);
      return { news: news.slice(start, start + 1000), faq: start === 0 ? ['q'] : [], home: start };
    });
    expect(asked).toEqual([0, 1000, 2000]);
    expect(all.news).toEqual(news);
    expect(all.faq).toEqual(['q']);
    expect(all.home).toBe(0);
  });
});
