import type { HeadProps, PageProps } from 'gatsby';
import type { BasePageContext } from '../content/types';
import type { TranslationsData } from '../i18n/translations';

/** Props of a template page whose context adds C to the base context. */
export type TemplateProps<C = object> = PageProps<TranslationsData, BasePageContext & C>;
export type TemplateHeadProps<C = object> = HeadProps<TranslationsData, BasePageContext & C>;
