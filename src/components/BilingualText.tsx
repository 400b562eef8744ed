import React from 'react';
import { tenant } from '../config/tenant';
import { textLanguage } from '../i18n/language';

/** A reference description in English, with the tenant's translation under it when there is one. */
export function BilingualText({ text, translated }: { text: string | null; translated: string | null }) {
  return (
    <>
      <span lang="en" dir="ltr">
        {text}
      </span>
      {translated && (
        <span className="translated" {...textLanguage(tenant.translatedLanguages[0])}>
          {translated}
        </span>
      )}
    </>
  );
}
