import React, { useEffect } from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { pageVisited, type Crumb } from '../app/appSlice';
import { useAppDispatch } from '../app/store';

/** The trail from home to this page; it is also kept in the store for the visited pathname. */
export function Breadcrumbs({ language, pathname, crumbs }: { language: string; pathname: string; crumbs: Crumb[] }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const trail: Crumb[] = [{ label: t('breadcrumb.home'), path: '/' }, ...crumbs];
  useEffect(() => {
    dispatch(pageVisited({ pathname, crumbs: trail }));
    // The trail is derived from the page; record it once per visited pathname.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumb.label')}>
      <ol>
        {trail.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {crumb.path !== undefined && index < trail.length - 1 ? (
              <Link to={`/${language}${crumb.path}`}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
