import React, { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Layout } from './Layout';
import { paths, type ToolSlug } from '../config/routes';

interface ToolShellProps {
  toolKey: string;
  /** A view of the tool other than its main one (its name comes from tools.views.{view}). */
  view?: string;
  language: string;
  originalPath: string;
  children?: ReactNode;
}

/** The frame of a tool page: its title, what it does, and the tool itself once it is available. */
export function ToolShell({ toolKey, view, language, originalPath, children }: ToolShellProps) {
  const { t } = useTranslation('common');
  const title = t(`tools.${toolKey}.title`);
  const crumbs = view
    ? [
        { label: t('tools.indexTitle'), path: paths.tools },
        { label: title, path: paths.tool(toolKey as ToolSlug) },
        { label: t(`tools.views.${view}`) },
      ]
    : [{ label: t('tools.indexTitle'), path: paths.tools }, { label: title }];
  return (
    <Layout language={language} originalPath={originalPath} crumbs={crumbs}>
      <header className="page-header">
        <h1>{view ? t(`tools.views.${view}`) : title}</h1>
        <p className="lead">{t(`tools.${toolKey}.description`)}</p>
      </header>
      {children ?? (
        <div className="notice" role="status">
          <h2>{t('tools.comingTitle')}</h2>
          <p>{t('tools.comingText')}</p>
        </div>
      )}
    </Layout>
  );
}
