import React, { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import type { Crumb } from '../app/appSlice';
import { TOOL_LINKS, paths } from '../config/routes';
import { isLanguage, languageCookie } from '@guichet/shared/i18n/language';
import { Breadcrumbs } from './Breadcrumbs';
import { DelayedLoadNotice } from './DelayedLoadNotice';
import { Emblem } from './Emblem';
import { AccountMenu } from '../auth/AccountMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Notifications } from './Notifications';
import { useSiteMetadata } from './useSiteMetadata';

interface LayoutProps {
  language: string;
  /** Path of the page without its language prefix. */
  originalPath: string;
  crumbs?: Crumb[];
  children: ReactNode;
}

/** Where the page's name goes in the route announcement's text. */
export const PAGE_NAME = '{page}';

export function Layout({ language, originalPath, crumbs = [], children }: LayoutProps) {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const site = useSiteMetadata();
  const to = (path: string) => `/${language}${path}`;
  const isCurrent = (path: string) => (path === '/' ? originalPath === '/' : originalPath.startsWith(path));

  useEffect(() => {
    if (isLanguage(language)) document.cookie = languageCookie(language);
  }, [language]);

  // Escape closes the open menu and gives the focus back to its button.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return undefined;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpen]);

  const mainLinks = [
    { label: t('nav.home'), path: paths.home },
    { label: t('nav.news'), path: paths.news },
    { label: t('nav.tools'), path: paths.tools },
    { label: t('nav.exchangeRates'), path: paths.exchangeRates },
    { label: t('nav.guides'), path: paths.customPages },
    { label: t('nav.faq'), path: paths.faq },
    { label: t('nav.downloads'), path: paths.downloads },
  ];

  return (
    <div className="page">
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <div className="demo-banner" role="note">
        {t('site.demoNotice')}
      </div>
      <header className="site-header">
        <div className="header-top container">
          <Link to={to('/')} className="brand">
            <Emblem />
            <span className="brand-text">
              <span className="brand-name">{t('site.name')}</span>
              <span className="brand-tagline">{t('site.tagline')}</span>
            </span>
          </Link>
          <div className="header-actions">
            <LanguageSwitcher language={language} originalPath={originalPath} />
            <AccountMenu language={language} />
            <button
              ref={menuButton}
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="main-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {t('nav.menu')}
            </button>
          </div>
        </div>
        <nav id="main-nav" className={`main-nav${menuOpen ? ' open' : ''}`} aria-label={t('nav.label')}>
          <ul className="container">
            {mainLinks.map((link) => (
              <li key={link.path}>
                <Link to={to(link.path)} aria-current={isCurrent(link.path) ? 'page' : undefined}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {/* What the route announcer says after a navigation, in the page language (see gatsby-browser). */}
      <span hidden id="route-announcement" data-text={t('nav.navigatedTo', { page: PAGE_NAME })} />
      <Notifications />
      <DelayedLoadNotice />
      <main id="main" className="container main" tabIndex={-1}>
        <Breadcrumbs language={language} pathname={`/${language}${originalPath}`} crumbs={crumbs} />
        {children}
      </main>
      <footer className="site-footer">
        <div className="container footer-grid">
          <section aria-labelledby="footer-about">
            <h2 id="footer-about">{t('footer.about')}</h2>
            <p>{t('footer.aboutText')}</p>
            <p>
              <Link to={to(paths.customPage('about-us'))}>{t('nav.about')}</Link>
            </p>
          </section>
          <section aria-labelledby="footer-tools">
            <h2 id="footer-tools">{t('nav.tools')}</h2>
            <ul>
              {TOOL_LINKS.map((tool) => (
                <li key={tool.key}>
                  <Link to={to(tool.path)}>{t(`tools.${tool.key}.title`)}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-links">
            <h2 id="footer-links">{t('footer.links')}</h2>
            <ul>
              <li>
                <Link to={to(paths.news)}>{t('nav.news')}</Link>
              </li>
              <li>
                <Link to={to(paths.faq)}>{t('nav.faq')}</Link>
              </li>
              <li>
                <Link to={to(paths.downloads)}>{t('nav.downloads')}</Link>
              </li>
              <li>
                <Link to={to(paths.internalTools)}>{t('nav.internalTools')}</Link>
              </li>
              <li>
                <Link to={to(paths.dataConsole)}>{t('nav.dataConsole')}</Link>
              </li>
              <li>
                <Link to={to(paths.developers)}>{t('nav.developers')}</Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">{t('footer.contact')}</h2>
            <p>{t('footer.contactText')}</p>
            <p>
              <Link to={to(paths.helpDesk)}>{t('footer.helpDeskLink')}</Link>
            </p>
            <button type="button" className="button button-light" onClick={() => window.print()}>
              {t('footer.print')}
            </button>
          </section>
        </div>
        <p className="container footer-rights">
          {site.title} · {t('footer.rights')}
        </p>
      </footer>
    </div>
  );
}
