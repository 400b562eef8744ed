import React from 'react';
import { Seo } from '../components/Seo';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps } from './page-types';

type HeadTexts<C> = (props: TemplateHeadProps<C>) => { title: string; description?: string };

/** A template's `Head`: the page's title and description, in the page's language. */
export function headOf<C = object>(texts: HeadTexts<C>) {
  return function Head(props: TemplateHeadProps<C>) {
    return <Seo language={props.pageContext.language} originalPath={props.pageContext.i18n.originalPath} {...texts(props)} />;
  };
}

/** A template's `Head` titled by one of its translations. */
export const titledHead = (key: string, namespace?: string) => headOf(({ data }) => ({ title: headText(data, key, namespace) }));
