import React from 'react';
import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  size: number;
  totalCount: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  sizes?: number[];
}

/** Rows a tool's table shows at first (SPEC 9: default page size 10 in tools). */
export const DEFAULT_PAGE_SIZE = 10;

/** Paging of a result list: previous/next, the position, and the page size. */
export function Pager({ page, size, totalCount, onPage, onSize, sizes = [10, 25, 50, 100] }: PagerProps) {
  const { t } = useTranslation('common');
  const pageCount = Math.max(1, Math.ceil(totalCount / size));
  const first = totalCount === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(page * size, totalCount);
  return (
    <nav className="table-pager" aria-label={t('table.pagination')}>
      <p className="table-range" aria-live="polite">
        {t('table.range', { first, last, total: totalCount })}
      </p>
      <div className="table-pager-controls">
        <label>
          {t('table.pageSize')}{' '}
          <select value={size} onChange={(event) => onSize(Number(event.target.value))}>
            {sizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('table.previous')}
        </button>
        <span>{t('table.page', { page, count: pageCount })}</span>
        <button type="button" className="button button-small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          {t('table.next')}
        </button>
      </div>
    </nav>
  );
}

/** Paging of a search's results: another page, or another page size from the first page, is the same search again. */
export function SearchPager<S extends { page: number; size: number }>({
  search,
  totalCount,
  onSearch,
}: {
  search: S;
  totalCount: number;
  onSearch: (search: S) => void;
}) {
  return (
    <Pager
      page={search.page}
      size={search.size}
      totalCount={totalCount}
      onPage={(page) => onSearch({ ...search, page })}
      onSize={(size) => onSearch({ ...search, size, page: 1 })}
    />
  );
}
