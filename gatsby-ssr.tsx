import React from 'react';
import type { GatsbySSR } from 'gatsby';
import { RootProviders } from './src/app/RootProviders';

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>;
