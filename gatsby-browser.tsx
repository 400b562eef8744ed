import React from 'react';
import type { GatsbyBrowser } from 'gatsby';
import { RootProviders } from './src/app/RootProviders';
import './src/styles/global.css';

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>;
