import React from 'react';
import { textLanguage } from '@guichet/shared/i18n/language';

/** HTML rendered at build time from CMS Markdown, in the language it is written in. */
export function RichText({ html, lang }: { html: string; lang: string }) {
  return <div className="rich-text" {...textLanguage(lang)} dangerouslySetInnerHTML={{ __html: html }} />;
}
