import React from 'react';
import type { GatsbySSR } from 'gatsby';
import { RootProviders } from './src/app/RootProviders';

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>;

// In the page's static head rather than each page's Head: a Head is replaced on navigation, and for that
// moment the browser, finding no icon, asked for /favicon.ico (a 404).
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents }) =>
  setHeadComponents([<link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />]);
