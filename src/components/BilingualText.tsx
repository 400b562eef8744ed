import React from 'react';
import { tenant } from '@guichet/shared/config/tenant';
import { textLanguage } from '@guichet/shared/i18n/language';

/**
 * A reference description in English, with the tenant's translation under it on pages in that
 * translation's language (a Bengali name belongs on Bengali pages, not under the Arabic or French one).
 */
export function BilingualText({ text, translated, language }: { text: string | null; translated: string | null; language: string }) {
  const translation = tenant.translatedLanguages[0];
  return (
    <>
      <span lang="en" dir="ltr">
        {text}
      </span>
      {translated && language === translation && (
        <span className="translated" {...textLanguage(translation)}>
          {translated}
        </span>
      )}
    </>
  );
}
