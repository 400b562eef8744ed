import React from 'react';
import type { GatsbyBrowser } from 'gatsby';
import { RootProviders } from './src/app/RootProviders';
import './src/styles/global.css';

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>;

/** Marks the page as interactive once React has taken over the server-rendered HTML (tests and monitoring wait for it). */
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  document.documentElement.dataset.interactive = 'true';
};
