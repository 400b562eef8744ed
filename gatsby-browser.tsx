import React, { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { GatsbyBrowser } from 'gatsby';
import { RootProviders } from './src/app/RootProviders';
import { loadingStatus } from './src/http/loading';
import { PAGE_NAME } from './src/components/Layout';
import './src/styles/global.css';

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>;

/**
 * React takes over the server-rendered HTML as a transition: the work is split into short slices between
 * which the browser paints and answers input, instead of one long task on a slow phone. A page without
 * server-rendered content is rendered the same way.
 */
export const replaceHydrateFunction = () => (element: React.ReactElement, container: Element) => {
  const rendered = Boolean(document.getElementById('gatsby-focus-wrapper')?.children.length);
  startTransition(() => {
    if (rendered) hydrateRoot(container, element);
    else createRoot(container).render(element);
  });
};

/**
 * Gatsby's route announcer tells screen readers "Navigated to <page>" in English after every navigation. Its
 * text is replaced by the page's own (Layout's #route-announcement), so that Arabic and Bengali pages speak
 * their language.
 */
function translateRouteAnnouncer() {
  const announcer = document.getElementById('gatsby-announcer');
  if (!announcer) return;
  new MutationObserver(() => {
    const english = /^Navigated to (.*)$/s.exec(announcer.textContent ?? '');
    const template = document.getElementById('route-announcement')?.dataset.text;
    if (!english || !template) return;
    const text = template.replace(PAGE_NAME, english[1]);
    if (text !== announcer.textContent) announcer.textContent = text;
  }).observe(announcer, { childList: true, characterData: true, subtree: true });
}

/** Marks the page as interactive once React has taken over the server-rendered HTML (tests and monitoring wait for it). */
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  document.documentElement.dataset.interactive = 'true';
  translateRouteAnnouncer();
};

/** Gatsby's runtime reports a page still loading after 1 s (SPEC section 9): the delayed-load notice shows until it arrives. */
export const onRouteUpdateDelayed: GatsbyBrowser['onRouteUpdateDelayed'] = () => loadingStatus.pageDelayed();
export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => loadingStatus.pageArrived();
