import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ToolIcon } from './ToolIcon';

/** A tool with its name, what it does and a link to it. */
export function ToolCard({ toolKey, href }: { toolKey: string; href: string }) {
  const { t } = useTranslation('common');
  return (
    <Link to={href} className="card tool-card">
      <span className="tool-icon" aria-hidden="true">
        <ToolIcon toolKey={toolKey} />
      </span>
      <span className="tool-title">{t(`tools.${toolKey}.title`)}</span>
      <span className="tool-description">{t(`tools.${toolKey}.description`)}</span>
    </Link>
  );
}
