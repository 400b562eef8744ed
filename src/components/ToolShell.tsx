import React, { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from './Page';
import { paths, TOOL_LINKS, type ToolSlug } from '../config/routes';

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
  const toolPath = TOOL_LINKS.find((link) => link.key === toolKey)?.path ?? paths.tool(toolKey as ToolSlug);
  const lead = view ? t(`tools.viewLeads.${view}`, { defaultValue: t(`tools.${toolKey}.description`) }) : t(`tools.${toolKey}.description`);
  const crumbs = view
    ? [{ label: t('tools.indexTitle'), path: paths.tools }, { label: title, path: toolPath }, { label: t(`tools.views.${view}`) }]
    : [{ label: t('tools.indexTitle'), path: paths.tools }, { label: title }];
  return (
    <Page language={language} originalPath={originalPath} crumbs={crumbs} title={view ? t(`tools.views.${view}`) : title} lead={lead}>
      {children ?? (
        <div className="notice" role="status">
          <h2>{t('tools.comingTitle')}</h2>
          <p>{t('tools.comingText')}</p>
        </div>
      )}
    </Page>
  );
}
